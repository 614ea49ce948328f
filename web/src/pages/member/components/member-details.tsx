import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { MemberDetail } from '../../../api/members.ts';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';

const orDash = (value: string | null | undefined) => (value ? value : '-');

/** Who the member is and where their benefits are paid. */
export function MemberDetails({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  const gender =
    member.gender === null ? '-' : t(member.gender ? 'members.gender.female' : 'members.gender.male');
  const field = (name: string, value: string | null | undefined) => ({
    label: t(`members.fields.${name}`),
    value: orDash(value),
  });
  return (
    <Container header={<Header variant="h2">{t('members.member.details.title')}</Header>}>
      <KeyValuePairs
        columns={3}
        items={[
          field('name', member.name),
          field('village', member.village),
          field('number', member.number),
          field('federation', member.federation),
          field('gender', gender),
          field('phone', member.phone),
          field('onboardingDate', formats.date(member.onboardingDate)),
          field('bankName', member.bankName),
          field('bankBranchName', member.bankBranchName),
          field('bankIFSC', member.bankIFSC),
          field('bankAccount', member.bankAccount),
        ]}
      />
    </Container>
  );
}
