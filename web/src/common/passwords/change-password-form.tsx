import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { changePassword } from '../../api/accounts.ts';
import { useWrite } from '../../api/use-write.ts';
import { NewPasswordFields, newPasswordValid } from './new-password-fields.tsx';
import { MIN_PASSWORD_LENGTH } from './password-rules.ts';
import { useSignedInSession } from '../../session/session-context.ts';

export interface ChangePasswordFormProps {
  /** After a change the server took: the change a sign-in asked for is done (app/shell/app-shell.tsx). */
  onChanged?: () => void;
}

/** The current password proves the user; the new one follows the rules of every new password and must differ. */
export function ChangePasswordForm({ onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // Raised after a change: the new fields forget they were left.
  const [round, setRound] = useState(0);
  const [changed, setChanged] = useState(false);
  const change = useWrite(() => changePassword(currentPassword, newPassword), []);
  const saving = change.isPending;

  const unchanged = newPassword !== '' && newPassword === currentPassword;
  const valid =
    currentPassword !== '' && !unchanged && newPasswordValid(newPassword, confirmation, user.email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
    setChanged(false);
    try {
      await change.mutateAsync();
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
      setRound((count) => count + 1);
      setChanged(true);
      onChanged?.();
    } catch {
      // The error dialog tells why (wrong current password…); the fields stay for a retry.
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Container
        header={
          <Header variant="h2" description={t('account.change.description')}>
            {t('account.change.title')}
          </Header>
        }
      >
        <Form
          actions={
            <Button variant="primary" formAction="submit" loading={saving} disabled={!valid}>
              {t('account.change.submit')}
            </Button>
          }
        >
          <SpaceBetween size="l">
            {changed && (
              <Alert type="success" dismissible onDismiss={() => setChanged(false)}>
                {t('account.change.success')}
              </Alert>
            )}
            <FormField label={t('account.change.current')}>
              <Input
                type="password"
                autoComplete="current-password"
                name="currentPassword"
                value={currentPassword}
                onChange={({ detail }) => setCurrentPassword(detail.value)}
              />
            </FormField>
            <NewPasswordFields
              key={round}
              password={newPassword}
              confirmation={confirmation}
              onPasswordChange={setNewPassword}
              onConfirmationChange={setConfirmation}
              labels={{ password: t('account.change.new'), confirmation: t('account.change.confirmation') }}
              lengthRule={t('account.change.error.message', { min: MIN_PASSWORD_LENGTH })}
              otherProblem={unchanged ? t('account.change.message') : undefined}
              name="newPassword"
              email={user.email}
            />
          </SpaceBetween>
        </Form>
      </Container>
    </form>
  );
}
