import { useTranslation } from 'react-i18next';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Cashout, MemberDetail, Payout } from '../../../api/members.ts';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';
import { sortedColumn } from '../../../common/table/sorted-column.ts';
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
          sortedColumn('payoutDate', t('members.member.payouts.payoutDate'), (payout) =>
            formats.date(payout.payoutDate),
          ),
          sortedColumn('amount', t('members.member.payouts.amount'), (payout) =>
            formats.amount(payout.amount),
          ),
          sortedColumn(
            'assessmentId',
            t('members.member.payouts.assessmentId'),
            (payout) => payout.assessmentId,
          ),
          sortedColumn('assessmentDate', t('members.member.payouts.assessmentDate'), (payout) =>
            formats.date(payout.assessmentDate),
          ),
          sortedColumn('plotName', t('members.member.payouts.plot'), (payout) => payout.plotName),
        ]}
      />
      <RecordTable<Cashout>
        title={t('members.member.cashouts.title')}
        records={member.cashouts}
        dateField="cashoutDate"
        emptyText={t('members.member.cashouts.empty')}
        columns={[
          sortedColumn('cashoutDate', t('members.member.cashouts.date'), (paid) =>
            formats.date(paid.cashoutDate),
          ),
          sortedColumn('amount', t('members.member.cashouts.amount'), (paid) => formats.amount(paid.amount)),
        ]}
      />
    </SpaceBetween>
  );
}
