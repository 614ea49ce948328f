import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ManagedUser } from '../../../api/users.ts';
import { TableEmptyState, TableNoMatchState } from '../../../common/ui/table-states.tsx';
import { useFollow } from '../../../browser/use-follow.ts';
import { BroughtInBy } from './brought-in-by.tsx';
import { statusesOf, statusKey, UserStatusIndicator } from './user-status.tsx';
import { paths } from '../../../navigation/paths.ts';

import { ALL_PAGE_SIZE, DEFAULT_ADMIN_PAGE_SIZE, adminTablePageSizes } from '../../../api/admin-records.ts';
import { useTablePreferences } from '../../../api/preferences-queries.ts';
import { pageKeepingFirstRow } from '../../../common/format/first-row.ts';
import { PageSizeSelect } from '../../../common/admin-table/page-size-select.tsx';
import type { PageSizeChoice } from '../../../common/admin-table/page-size-preferences.tsx';
import '../../../common/admin-table/numbered-pages.css';

export interface UsersTableProps {
  users: readonly ManagedUser[];
  loading: boolean;
  /** The signed-in administrator, who cannot delete their own account. */
  ownEmail: string;
  description?: string;
  onDelete: (user: ManagedUser) => void;
  onForcePasswordRenew: (user: ManagedUser) => void;
}

/** Every user at once: searched, sorted and paged in the browser. */
export function UsersTable({
  users,
  loading,
  ownEmail,
  description,
  onDelete,
  onForcePasswordRenew,
}: UsersTableProps) {
  const { t } = useTranslation();
  const follow = useFollow();
  // Spec section 9: 5, 10, 25 or All (every user on one page). The size is kept for the user on the
  // server; All is not, so the next visit shows the size kept.
  const kept = useTablePreferences('adminUsers');
  const [showAll, setShowAll] = useState(false);
  const keptSize = kept.chosen.pageSize;
  const size =
    keptSize !== undefined && adminTablePageSizes.includes(keptSize) && keptSize !== ALL_PAGE_SIZE
      ? keptSize
      : DEFAULT_ADMIN_PAGE_SIZE;
  const pageSize = showAll ? ALL_PAGE_SIZE : size;

  // Role and status sort and search by what the administrator reads, in the current language.
  const roleLabel = useMemo(() => (user: ManagedUser) => t(`roles.${user.role}`), [t]);
  const statusLabel = useMemo(
    () => (user: ManagedUser) =>
      statusesOf(user)
        .map((status) => t(statusKey(status)))
        .join(', '),
    [t],
  );
  const byLabel = useMemo(
    () => ({
      role: (a: ManagedUser, b: ManagedUser) => roleLabel(a).localeCompare(roleLabel(b)),
      status: (a: ManagedUser, b: ManagedUser) => statusLabel(a).localeCompare(statusLabel(b)),
    }),
    [roleLabel, statusLabel],
  );

  const { items, actions, filteredItemsCount, collectionProps, filterProps, paginationProps } = useCollection(
    users,
    {
      filtering: {
        filteringFunction: (user, filteringText) => {
          const searched = filteringText.trim().toLowerCase();
          if (!searched) return true;
          return [
            user.email,
            user.username,
            roleLabel(user),
            statusLabel(user),
            user.defaultFederation ?? '',
            user.createdBy ?? '',
            user.promotedBy ?? '',
          ]
            .map((text) => text.toLowerCase())
            .some((text) => text.includes(searched));
        },
      },
      sorting: { defaultState: { sortingColumn: { sortingField: 'email' } } },
      pagination: { pageSize: pageSize === ALL_PAGE_SIZE ? Math.max(users.length, 1) : pageSize },
    },
  );

  const numbered = adminTablePageSizes.filter((offer) => offer !== ALL_PAGE_SIZE);
  // A new size keeps the first user shown in view.
  const choose = (next: PageSizeChoice) => {
    if (next === 'all') {
      setShowAll(true);
      actions.setCurrentPage(1);
      return;
    }
    const page = showAll ? 1 : pageKeepingFirstRow(paginationProps.currentPageIndex, size, next);
    setShowAll(false);
    kept.save({ pageSize: next });
    actions.setCurrentPage(page);
  };

  const columnDefinitions: TableProps.ColumnDefinition<ManagedUser>[] = [
    {
      id: 'email',
      header: t('adminUsers.columns.email'),
      sortingField: 'email',
      isRowHeader: true,
      cell: (user) => (
        <Link href={paths.updateUser(user.email)} onFollow={follow}>
          {user.email}
        </Link>
      ),
    },
    {
      id: 'username',
      header: t('adminUsers.columns.username'),
      sortingField: 'username',
      cell: (user) => user.username,
    },
    {
      id: 'role',
      header: t('adminUsers.columns.role'),
      sortingComparator: byLabel.role,
      cell: roleLabel,
    },
    {
      id: 'status',
      header: t('adminUsers.columns.status'),
      sortingComparator: byLabel.status,
      cell: (user) => <UserStatusIndicator user={user} />,
    },
    {
      id: 'defaultFederation',
      header: t('adminUsers.columns.defaultFederation'),
      sortingField: 'defaultFederation',
      cell: (user) => user.defaultFederation || '-',
    },
    {
      id: 'broughtInBy',
      header: t('adminUsers.columns.broughtInBy'),
      cell: (user) => <BroughtInBy user={user} />,
    },
    {
      id: 'actions',
      header: t('adminUsers.columns.actions'),
      cell: (user) => (
        <ButtonDropdown
          variant="inline-icon"
          ariaLabel={t('adminUsers.actions.label', { email: user.email })}
          expandToViewport
          items={[
            { id: 'edit', text: t('adminUsers.actions.edit'), href: paths.updateUser(user.email) },
            { id: 'forceRenew', text: t('adminUsers.actions.forceRenew') },
            {
              id: 'delete',
              text: t('adminUsers.actions.delete'),
              disabled: user.email === ownEmail,
              disabledReason: t('errors.ERR_OWN_ACCOUNT'),
            },
          ]}
          onItemFollow={follow}
          onItemClick={({ detail }) => {
            if (detail.id === 'delete') onDelete(user);
            if (detail.id === 'forceRenew') onForcePasswordRenew(user);
          }}
        />
      ),
    },
  ];

  return (
    <Table
      {...collectionProps}
      variant="full-page"
      stickyHeader
      wrapLines
      items={items}
      columnDefinitions={columnDefinitions}
      trackBy="email"
      empty={
        filterProps.filteringText.trim() ? (
          <TableNoMatchState
            title={t('adminUsers.noMatch.title')}
            message={t('adminUsers.noMatch.message')}
            action={<Button onClick={() => actions.setFiltering('')}>{t('adminUsers.noMatch.clear')}</Button>}
          />
        ) : (
          <TableEmptyState title={t('adminUsers.empty.title')} message={t('adminUsers.empty.message')} />
        )
      }
      loading={loading}
      loadingText={t('app.loading')}
      header={
        <Header
          variant="awsui-h1-sticky"
          counter={loading ? undefined : `(${users.length})`}
          description={description}
          actions={
            <Button variant="primary" iconName="add-plus" href={paths.newUser} onFollow={follow}>
              {t('adminUsers.add')}
            </Button>
          }
        >
          {t('screens.adminUsers')}
        </Header>
      }
      filter={
        <TextFilter
          {...filterProps}
          filteringPlaceholder={t('adminUsers.filter.placeholder')}
          filteringAriaLabel={t('adminUsers.filter.label')}
          countText={t('adminUsers.filter.matches', { count: filteredItemsCount ?? 0 })}
        />
      }
      pagination={
        <div className="numbered-pages">
          <PageSizeSelect
            offered={numbered}
            choice={showAll ? 'all' : size}
            sizeLabel={(offer) => t('adminUsers.pageSize', { size: offer })}
            onChange={choose}
          />
          <Pagination {...paginationProps} />
        </div>
      }
      preferences={
        <CollectionPreferences
          preferences={{ pageSize }}
          pageSizePreference={{
            options: adminTablePageSizes.map((offer) => ({
              value: offer,
              label:
                offer === ALL_PAGE_SIZE
                  ? t('adminUsers.pageSizeAll')
                  : t('adminUsers.pageSize', { size: offer }),
            })),
          }}
          onConfirm={({ detail }) => {
            const chosen = detail.pageSize ?? DEFAULT_ADMIN_PAGE_SIZE;
            choose(chosen === ALL_PAGE_SIZE ? 'all' : chosen);
          }}
        />
      }
    />
  );
}
