import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import type { SignedInUser } from '../../../session/session-context.ts';

export function Profile({ user }: { user: SignedInUser }) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2">{t('account.profile')}</Header>}>
      <KeyValuePairs
        columns={3}
        items={[
          { label: t('account.username'), value: user.username },
          { label: t('account.email'), value: user.email },
          { label: t('account.role'), value: t(`roles.${user.role}`) },
        ]}
      />
    </Container>
  );
}
