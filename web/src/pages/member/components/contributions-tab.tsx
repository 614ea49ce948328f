import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Contribution, MemberDetail } from '../../../api/members.ts';
import { RowLink } from '../../../common/ui/row-link.tsx';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';
import { sortedColumn } from '../../../common/table/sorted-column.ts';
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
        sortedColumn('contributionDate', t('members.member.contributions.date'), (contribution) =>
          formats.date(contribution.contributionDate),
        ),
        sortedColumn('amount', t('members.member.contributions.amount'), (contribution) =>
          formats.amount(contribution.amount),
        ),
        sortedColumn('protectionType', t('members.member.contributions.type'), (contribution) =>
          t(`members.protectionTypes.${contribution.protectionType}`),
        ),
        sortedColumn('plotName', t('members.member.contributions.plot'), (contribution) => (
          <RowLink href={paths.plot(member.id, contribution.plotId)}>{contribution.plotName}</RowLink>
        )),
      ]}
    />
  );
}
