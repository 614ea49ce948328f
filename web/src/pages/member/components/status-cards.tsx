import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';
import { statusCards, type StatusMember } from '../status-values.ts';

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
  member: StatusMember;
  today?: Date;
}

/** The member's status (status-values.ts), a card each. */
export function StatusCards({ member, today = new Date() }: StatusCardsProps) {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  return (
    <ColumnLayout columns={4} minColumnWidth={180}>
      {statusCards(member, formats, t, today).map(({ label, value }) => (
        <StatusCard key={label} label={label} value={value} />
      ))}
    </ColumnLayout>
  );
}
