import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { MemberSortField } from '../../api/members.ts';
import { TableEmptyState, TableNoMatchState } from '../../common/ui/table-states.tsx';
import { formatDateTime } from '../../common/format/format.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { memberColumns, narrowMemberColumns } from './components/member-columns.tsx';
import { useNarrowScreen } from '../../browser/use-narrow-screen.ts';
import { MemberFilters } from './components/member-filters.tsx';
import { useMemberFormats } from '../../common/format/use-member-formats.ts';
import { useMemberList } from './components/use-member-list.ts';
import { paths } from '../../navigation/paths.ts';
import { membersOutline } from './heading.ts';

// The preferences (with their modal and its drag-and-drop library) are not needed for the first look at the list:
// they load after its first page, off the first screen's path.
const MemberPreferences = lazy(() =>
  import('./components/member-preferences.tsx').then(({ MemberPreferences }) => ({
    default: MemberPreferences,
  })),
);

/** The enabler's members: a server-side paged, sorted, searched and filtered table. */
export function MembersPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  const navigate = useNavigate();
  const formats = useMemberFormats();
  const list = useMemberList();
  const { query } = list;
  useDocumentTitle(t('screens.members'));
  // The same definitions between renders (each keystroke in the search, each page): the table's own work
  // derived from them (visible columns, their widths) is memoised on their identity.
  const narrow = useNarrowScreen();
  const columnDefinitions = useMemo(
    () => (narrow ? narrowMemberColumns : memberColumns)(t, formats),
    [narrow, t, formats],
  );

  const filtered =
    query.search !== '' || query.benefits !== 'all' || query.contributions !== 'all' || query.plots !== 'all';
  const pagesCount = Math.max(1, Math.ceil(list.count / query.pageSize));
  // The trigger's place is kept, so that nothing moves when the preferences arrive.
  const preferencesPlaceholder = (
    <Button variant="icon" iconName="settings" disabled ariaLabel={t('members.list.preferences.title')} />
  );

  return (
    <Table
      variant="full-page"
      trackBy="id"
      items={list.members}
      columnDefinitions={columnDefinitions}
      // On a phone the three columns share the width: their text wraps rather than running off the screen.
      wrapLines={narrow}
      loading={list.loading}
      loadingText={t(membersOutline.loading)}
      sortingColumn={{ sortingField: query.sort.field }}
      sortingDescending={query.sort.direction === 'desc'}
      onSortingChange={({ detail }) =>
        list.setSort(
          detail.sortingColumn.sortingField as MemberSortField,
          detail.isDescending ? 'desc' : 'asc',
        )
      }
      onRowClick={({ detail }) => navigate(paths.member(detail.item.id))}
      ariaLabels={{ tableLabel: t('members.list.title') }}
      header={
        <Header
          variant="awsui-h1-sticky"
          // No count before the first answer: "(0)" would be untrue while it loads.
          counter={list.answered ? `(${list.count})` : undefined}
          actions={
            <Button variant="primary" iconName="add-plus" href={paths.onboarding} onFollow={follow}>
              {t('members.list.add')}
            </Button>
          }
        >
          {t(membersOutline.heading)}
        </Header>
      }
      filter={
        <MemberFilters
          searchText={list.searchText}
          onSearchTextChange={list.setSearchText}
          countText={
            filtered && !list.loading ? t('members.list.matches', { matches: list.count }) : undefined
          }
          filters={query}
          onFiltersChange={list.setFilters}
          notice={
            list.offline?.readAt !== undefined && (
              <StatusIndicator type="info">
                {t('members.list.offline.results', { when: formatDateTime(list.offline.readAt) })}
              </StatusIndicator>
            )
          }
        />
      }
      pagination={
        // Before the first rows are drawn there is nothing to page through; on a narrow screen the pagination
        // sits under the table, and the rows arriving would push it down (a layout shift).
        list.rowsPending ? undefined : (
          <Pagination
            currentPageIndex={query.page}
            pagesCount={pagesCount}
            onChange={({ detail }) => list.setPage(detail.currentPageIndex)}
            ariaLabels={{
              nextPageLabel: t('members.list.pagination.next'),
              previousPageLabel: t('members.list.pagination.previous'),
              pageLabel: (page) => t('members.list.pagination.page', { page }),
            }}
          />
        )
      }
      preferences={
        // The preferences are fetched once the first page has come, so that they never delay it.
        list.answered ? (
          <Suspense fallback={preferencesPlaceholder}>
            <MemberPreferences pageSize={query.pageSize} onPageSizeChange={list.setPageSize} />
          </Suspense>
        ) : (
          preferencesPlaceholder
        )
      }
      empty={
        list.offline && !list.offline.holdsMembers ? (
          <TableEmptyState
            title={t('members.list.offline.noneTitle')}
            message={t('members.list.offline.noneMessage')}
          />
        ) : list.failed ? (
          <TableEmptyState title={t('members.list.failed')} />
        ) : filtered ? (
          <TableNoMatchState
            title={t('members.list.noMatch.title')}
            message={t('members.list.noMatch.description')}
            action={<Button onClick={list.clearSearchAndFilters}>{t('members.list.noMatch.clear')}</Button>}
          />
        ) : (
          <TableEmptyState
            title={t('members.list.empty.title')}
            message={t('members.list.empty.description')}
            action={
              <Button href={paths.onboarding} onFollow={follow}>
                {t('members.list.add')}
              </Button>
            }
          />
        )
      }
    />
  );
}
