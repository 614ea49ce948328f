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
import { changePassword } from '../../../api/accounts.ts';
import { isLongEnough, MIN_PASSWORD_LENGTH } from '../../../common/password-rules.ts';

const noFieldLeft = { newPassword: false, confirmation: false };

/** The current password proves the user; the new one follows the rules of every new password and must differ. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // A rule shows as an error once its field was left, not at the first key stroke.
  const [left, setLeft] = useState(noFieldLeft);
  const [saving, setSaving] = useState(false);
  const [changed, setChanged] = useState(false);

  const tooShort = !isLongEnough(newPassword);
  const unchanged = newPassword !== '' && newPassword === currentPassword;
  const mismatch = newPassword !== confirmation;
  const valid = currentPassword !== '' && !tooShort && !unchanged && !mismatch;

  const lengthRule = t('account.change.error.message', { min: MIN_PASSWORD_LENGTH });
  const newPasswordShown = left.newPassword || confirmation !== '';
  const newPasswordError =
    newPasswordShown && tooShort
      ? lengthRule
      : newPasswordShown && unchanged
        ? t('account.change.message')
        : undefined;
  const confirmationError = left.confirmation && mismatch ? t('setPassword.register.message') : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
    setSaving(true);
    setChanged(false);
    try {
      await changePassword(currentPassword, newPassword);
      setCurrentPassword('');
      setNewPassword('');
      setConfirmation('');
      setLeft(noFieldLeft);
      setChanged(true);
    } catch {
      // The error dialog tells why (wrong current password…); the fields stay for a retry.
    } finally {
      setSaving(false);
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
            <FormField
              label={t('account.change.new')}
              constraintText={newPasswordError ? undefined : lengthRule}
              errorText={newPasswordError}
            >
              <Input
                type="password"
                autoComplete="new-password"
                name="newPassword"
                value={newPassword}
                onChange={({ detail }) => setNewPassword(detail.value)}
                onBlur={() => setLeft((fields) => ({ ...fields, newPassword: true }))}
                invalid={newPasswordError !== undefined}
              />
            </FormField>
            <FormField label={t('account.change.confirmation')} errorText={confirmationError}>
              <Input
                type="password"
                autoComplete="new-password"
                name="confirmation"
                value={confirmation}
                onChange={({ detail }) => setConfirmation(detail.value)}
                onBlur={() => setLeft((fields) => ({ ...fields, confirmation: true }))}
                invalid={confirmationError !== undefined}
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </Container>
    </form>
  );
}
