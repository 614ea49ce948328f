import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Contribution, MemberDetail } from '../../../api/members.ts';
import { RowLink } from '../../../common/ui/row-link.tsx';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';
import { RecordTable } from './record-table.tsx';
import { paths } from '../../../navigation/paths.ts';

/** The member's contributions; a row opens the plot it was paid for. */
export function ContributionsTab({ member }: { member: Pick<MemberDetail, 'id' | 'contributions'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formats = useMemberFormats();
  return (
    <RecordTable<Contribution>
      title={t('members.member.contributions.title')}
      records={member.contributions}
      dateField="contributionDate"
      emptyText={t('members.member.contributions.empty')}
      onRowClick={(contribution) => navigate(paths.plot(member.id, contribution.plotId))}
      columns={[
        {
          id: 'contributionDate',
          header: t('members.member.contributions.date'),
          cell: (contribution) => formats.date(contribution.contributionDate),
          sortingField: 'contributionDate',
        },
        {
          id: 'amount',
          header: t('members.member.contributions.amount'),
          cell: (contribution) => formats.amount(contribution.amount),
          sortingField: 'amount',
        },
        {
          id: 'protectionType',
          header: t('members.member.contributions.type'),
          cell: (contribution) => t(`members.protectionTypes.${contribution.protectionType}`),
          sortingField: 'protectionType',
        },
        {
          id: 'plotName',
          header: t('members.member.contributions.plot'),
          cell: (contribution) => (
            <RowLink href={paths.plot(member.id, contribution.plotId)}>{contribution.plotName}</RowLink>
          ),
          sortingField: 'plotName',
        },
      ]}
    />
  );
}
