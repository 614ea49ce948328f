import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import type { MemberDetail } from '../../../api/members.ts';
import { toDate } from '../../../common/format/format.ts';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';

/** Whole months from a day to another (a month is complete on the same day of the month). */
export function monthsBetween(from: Date, to: Date): number {
  const months = (to.getFullYear() - from.getFullYear()) * 12 + (to.getMonth() - from.getMonth());
  return Math.max(0, to.getDate() < from.getDate() ? months - 1 : months);
}

function StatusCard({ label, value }: { label: string; value: string }) {
  return (
    <Container fitHeight>
      <Box variant="awsui-key-label">{label}</Box>
      <Box fontSize="heading-xl" fontWeight="bold">
        {value}
      </Box>
    </Container>
  );
}

export interface StatusCardsProps {
  member: Pick<
    MemberDetail,
    'contributionTotal' | 'firstPayoutDate' | 'cashoutBalance' | 'firstContributionDate'
  >;
  today?: Date;
}

/** Spec section 2: total contributions, first benefit, pending benefits, months since the first contribution. */
export function StatusCards({ member, today = new Date() }: StatusCardsProps) {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const firstContribution = toDate(member.firstContributionDate);
  const cards = [
    { key: 'contributionTotal', value: formats.amount(member.contributionTotal) },
    {
      key: 'firstBenefit',
      value: member.firstPayoutDate
        ? formats.date(member.firstPayoutDate)
        : t('members.member.status.noBenefit'),
    },
    { key: 'pendingBenefits', value: formats.amount(member.cashoutBalance) },
    {
      key: 'monthsSinceFirstContribution',
      value: firstContribution
        ? String(monthsBetween(firstContribution, today))
        : t('members.member.status.noContribution'),
    },
  ];
  return (
    <ColumnLayout columns={4} minColumnWidth={180}>
      {cards.map(({ key, value }) => (
        <StatusCard key={key} label={t(`members.member.status.${key}`)} value={value} />
      ))}
    </ColumnLayout>
  );
}
