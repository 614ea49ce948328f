import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextFilter from '@cloudscape-design/components/text-filter';
import { deleteAdminMember, type AdminPageAnswer, type AdminPageRequest } from '../../api/admin-records.ts';
import {
  listMembers,
  memberSearchMaxLength,
  type MemberRow,
  type MemberSortField,
} from '../../api/members.ts';
import { paths } from '../../navigation/paths.ts';
import { AdminTable } from '../../common/admin-table/admin-table.tsx';
import { adminTables } from '../../common/admin-table/table-texts.ts';
import { RowLink } from '../../common/ui/row-link.tsx';
import { useDebounced } from '../../common/ui/use-debounced.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useMemberFormats } from '../../common/format/use-member-formats.ts';
import { MemberDeletionDialog } from './components/member-deletion-dialog.tsx';

/** A page of the member list, searched, as the table reads it. */
const readMemberPage = async (
  { page, pageSize, sort }: AdminPageRequest,
  search: string,
): Promise<AdminPageAnswer<MemberRow>> => {
  const answer = await listMembers({
    page,
    pageSize,
    sort: { field: sort.field as MemberSortField, direction: sort.direction },
    search,
  });
  return { items: answer.members, count: answer.count };
};

/** The administrator's members: paged, searched (name, number or federation), one sort; add, edit, delete. */
export function AdminMembersPage() {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim());
  useDocumentTitle(t('screens.adminMembers'));
  const sortable = (field: MemberSortField) => ({ id: field, sortingField: field });
  const describe = (row: MemberRow) => t('adminRecords.memberValue', { name: row.name, number: row.number });
  // A member of many records leaves the list at once; the deletion of its records shows its progress.
  const [deletion, setDeletion] = useState<{ jobId: string; member: string } | null>(null);
  const deleteRow = async (row: MemberRow) => {
    const { job } = await deleteAdminMember(row.id);
    if (job.state !== 'DONE') setDeletion({ jobId: job.id, member: describe(row) });
  };
  return (
    <>
      <AdminTable<MemberRow>
        preferences="adminMembers"
        resource="members"
        texts={adminTables.adminMembers.texts}
        title={t('screens.adminMembers')}
        readPage={(request) => readMemberPage(request, search)}
        filterValues={{ search: search || undefined }}
        filtered={search !== ''}
        onClearFilters={() => setSearchText('')}
        filter={
          <TextFilter
            filteringText={searchText}
            filteringPlaceholder={t(adminTables.adminMembers.search)}
            filteringAriaLabel={t('members.list.search.label')}
            filteringClearAriaLabel={t('members.list.search.clear')}
            onChange={({ detail }) => setSearchText(detail.filteringText.slice(0, memberSearchMaxLength))}
          />
        }
        defaultSort={{ field: 'name', direction: 'asc' }}
        columns={[
          {
            ...sortable('name'),
            header: t('members.list.columns.name'),
            isRowHeader: true,
            cell: (row) => <RowLink href={paths.member(row.id)}>{row.name}</RowLink>,
          },
          { ...sortable('number'), header: t('members.list.columns.number'), cell: (row) => row.number },
          { id: 'village', header: t('members.fields.village'), cell: (row) => row.village },
          {
            ...sortable('federation'),
            header: t('members.list.columns.federation'),
            cell: (row) => row.federation ?? '-',
          },
          {
            id: 'contributionTotal',
            header: t('members.list.columns.contributionTotal'),
            cell: (row) => formats.amount(row.contributionTotal),
          },
          {
            ...sortable('pendingBenefits'),
            header: t('members.list.columns.pendingBenefits'),
            cell: (row) => formats.amount(row.pendingBenefits),
          },
          {
            ...sortable('onboardingDate'),
            header: t('members.list.columns.onboardingDate'),
            cell: (row) => formats.date(row.onboardingDate),
          },
        ]}
        addHref={paths.newMember}
        editHref={(row) => paths.updateMember(row.id)}
        describe={describe}
        deleteRow={deleteRow}
      />
      {deletion && <MemberDeletionDialog {...deletion} onDismiss={() => setDeletion(null)} />}
    </>
  );
}
