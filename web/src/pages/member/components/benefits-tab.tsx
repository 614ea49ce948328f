import { useTranslation } from 'react-i18next';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Cashout, MemberDetail, Payout } from '../../../api/members.ts';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';
import { RecordTable } from './record-table.tsx';

/** The benefits computed for the member's plots, and the benefits paid to the member. */
export function BenefitsTab({ member }: { member: Pick<MemberDetail, 'payouts' | 'cashouts'> }) {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  return (
    <SpaceBetween size="l">
      <RecordTable<Payout>
        title={t('members.member.payouts.title')}
        records={member.payouts}
        dateField="payoutDate"
        emptyText={t('members.member.payouts.empty')}
        columns={[
          {
            id: 'payoutDate',
            header: t('members.member.payouts.payoutDate'),
            cell: (payout) => formats.date(payout.payoutDate),
            sortingField: 'payoutDate',
          },
          {
            id: 'amount',
            header: t('members.member.payouts.amount'),
            cell: (payout) => formats.amount(payout.amount),
            sortingField: 'amount',
          },
          {
            id: 'assessmentId',
            header: t('members.member.payouts.assessmentId'),
            cell: (payout) => payout.assessmentId,
            sortingField: 'assessmentId',
          },
          {
            id: 'assessmentDate',
            header: t('members.member.payouts.assessmentDate'),
            cell: (payout) => formats.date(payout.assessmentDate),
            sortingField: 'assessmentDate',
          },
          {
            id: 'plotName',
            header: t('members.member.payouts.plot'),
            cell: (payout) => payout.plotName,
            sortingField: 'plotName',
          },
        ]}
      />
      <RecordTable<Cashout>
        title={t('members.member.cashouts.title')}
        records={member.cashouts}
        dateField="cashoutDate"
        emptyText={t('members.member.cashouts.empty')}
        columns={[
          {
            id: 'cashoutDate',
            header: t('members.member.cashouts.date'),
            cell: (paid) => formats.date(paid.cashoutDate),
            sortingField: 'cashoutDate',
          },
          {
            id: 'amount',
            header: t('members.member.cashouts.amount'),
            cell: (paid) => formats.amount(paid.amount),
            sortingField: 'amount',
          },
        ]}
      />
    </SpaceBetween>
  );
}
