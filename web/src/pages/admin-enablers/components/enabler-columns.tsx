import type { TFunction } from 'i18next';
import Box from '@cloudscape-design/components/box';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import type { TableProps } from '@cloudscape-design/components/table';
import type { AdminEnabler } from '../../../api/enablers.ts';
import { formatDateTime } from '../../../common/format/format.ts';
import type { useFollow } from '../../../browser/use-follow.ts';
import './enabler-images.css';
import { paths } from '../../../navigation/paths.ts';

export interface EnablerRowActions {
  /** Cloudscape's onFollow for the links (edit, configs): a plain click stays in the app. */
  follow: ReturnType<typeof useFollow>;
  onDelete: (enabler: AdminEnabler) => void;
  onShowCampaigns: (enabler: AdminEnabler) => void;
}

/** The enabler's logo or banner as a thumbnail (enabler-images.css sizes each), or '-' without one. */
const imageColumn = (t: TFunction, image: 'logo' | 'banner'): TableProps.ColumnDefinition<AdminEnabler> => ({
  id: image,
  header: t(`enablers.list.columns.${image}`),
  cell: (enabler) => {
    const source = enabler[image];
    const alt = t(`enablers.list.${image}Alt`, { name: enabler.name });
    return source ? <img className={`enabler-${image}-thumbnail`} src={source} alt={alt} /> : '-';
  },
});

/** Spec section 2: logo, banner, name, id, latest config (or a red message without one), actions. */
export function enablerColumns(
  t: TFunction,
  { follow, onDelete, onShowCampaigns }: EnablerRowActions,
): TableProps.ColumnDefinition<AdminEnabler>[] {
  return [
    imageColumn(t, 'logo'),
    {
      id: 'name',
      header: t('enablers.list.columns.name'),
      cell: (enabler) => <strong>{enabler.name}</strong>,
      sortingField: 'name',
      isRowHeader: true,
      minWidth: 160,
    },
    {
      id: 'id',
      header: t('enablers.list.columns.id'),
      cell: (enabler) => (
        <Box variant="code" fontSize="body-s">
          {enabler.id}
        </Box>
      ),
      sortingField: 'id',
    },
    imageColumn(t, 'banner'),
    {
      id: 'latestConfigVersion',
      header: t('enablers.list.columns.latestConfigVersion'),
      cell: (enabler) =>
        enabler.latestConfigVersion === null ? (
          <Box color="text-status-error" fontWeight="bold">
            {t('enablers.list.noConfig')}
          </Box>
        ) : (
          enabler.latestConfigVersion
        ),
      sortingField: 'latestConfigVersion',
    },
    {
      id: 'latestConfigDate',
      header: t('enablers.list.columns.latestConfigDate'),
      cell: (enabler) => formatDateTime(enabler.latestConfigDate) || '-',
      sortingField: 'latestConfigDate',
    },
    {
      id: 'actions',
      header: t('enablers.list.columns.actions'),
      minWidth: 240,
      cell: (enabler) => (
        <ButtonDropdown
          variant="normal"
          expandToViewport
          ariaLabel={t('enablers.list.actions.moreOf', { name: enabler.name })}
          mainAction={{
            text: t('enablers.list.actions.configs'),
            ariaLabel: t('enablers.list.actions.configsOf', { name: enabler.name }),
            href: paths.enablerConfigs(enabler.id),
            onFollow: follow,
          }}
          items={[
            {
              id: 'edit',
              text: t('enablers.list.actions.edit'),
              iconName: 'edit',
              href: paths.updateEnabler(enabler.id),
            },
            { id: 'campaigns', text: t('enablers.list.actions.campaigns'), iconName: 'calendar' },
            { id: 'delete', text: t('enablers.list.actions.delete'), iconName: 'remove' },
          ]}
          onItemFollow={follow}
          onItemClick={({ detail }) => {
            if (detail.id === 'campaigns') onShowCampaigns(enabler);
            if (detail.id === 'delete') onDelete(enabler);
          }}
        />
      ),
    },
  ];
}
