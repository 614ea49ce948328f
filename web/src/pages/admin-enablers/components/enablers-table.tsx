import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { AdminEnabler } from '../../../api/enablers.ts';
import { TableEmptyState, TableNoMatchState } from '../../../common/ui/table-states.tsx';
import { useFollow } from '../../../browser/use-follow.ts';
import { enablerColumns } from './enabler-columns.tsx';
import { paths } from '../../../navigation/paths.ts';

export interface EnablersTableProps {
  enablers: AdminEnabler[];
  loading: boolean;
  onDelete: (enabler: AdminEnabler) => void;
  onShowCampaigns: (enabler: AdminEnabler) => void;
}

/** Spec section 5: the search text is trimmed and an empty one filters nothing. */
export const enablerMatches = (enabler: AdminEnabler, searchText: string): boolean => {
  const search = searchText.trim().toLocaleLowerCase();
  return search === '' || enabler.name.toLocaleLowerCase().includes(search);
};

/** A client-side list: searched by name, sorted on one column at a time. */
export function EnablersTable({ enablers, loading, onDelete, onShowCampaigns }: EnablersTableProps) {
  const { t } = useTranslation();
  const follow = useFollow();
  const columnDefinitions = enablerColumns(t, { follow, onDelete, onShowCampaigns });
  const addButton = (
    <Button variant="primary" iconName="add-plus" href={paths.newEnabler} onFollow={follow}>
      {t('enablers.list.add')}
    </Button>
  );

  const { items, collectionProps, filterProps, filteredItemsCount } = useCollection(enablers, {
    filtering: {
      filteringFunction: enablerMatches,
      empty: <TableEmptyState title={t('enablers.list.empty')} action={addButton} />,
      // The search field's own clear button empties the search.
      noMatch: <TableNoMatchState title={t('enablers.list.noMatch')} />,
    },
    // By name until the user sorts on another column.
    sorting: { defaultState: { sortingColumn: columnDefinitions.find(({ id }) => id === 'name') ?? {} } },
  });
  const searching = filterProps.filteringText.trim() !== '';

  return (
    <Table
      {...collectionProps}
      variant="full-page"
      trackBy="id"
      wrapLines
      items={items}
      columnDefinitions={columnDefinitions}
      loading={loading}
      loadingText={t('enablers.list.loading')}
      ariaLabels={{ tableLabel: t('screens.adminEnablers') }}
      header={
        <Header
          variant="awsui-h1-sticky"
          counter={loading ? undefined : `(${enablers.length})`}
          description={t('enablers.list.description')}
          actions={addButton}
        >
          {t('screens.adminEnablers')}
        </Header>
      }
      filter={
        <TextFilter
          {...filterProps}
          filteringPlaceholder={t('enablers.list.searchPlaceholder')}
          filteringAriaLabel={t('enablers.list.searchLabel')}
          filteringClearAriaLabel={t('enablers.list.clearSearch')}
          countText={searching ? t('enablers.list.matches', { matches: filteredItemsCount ?? 0 }) : undefined}
        />
      }
    />
  );
}
