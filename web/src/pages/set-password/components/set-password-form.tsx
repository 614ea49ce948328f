import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { setPasswordWithLink, type PasswordLinkPurpose } from '../../../api/accounts.ts';
import { screenTitleKey } from '../../../app/screens.ts';
import { isLongEnough, MIN_PASSWORD_LENGTH } from '../../../common/password-rules.ts';
import { paths } from '../../../app/paths.ts';

export interface SetPasswordFormProps {
  purpose: PasswordLinkPurpose;
}

/** The password of a mailed link (registration or renewal): chosen twice, then a confirmation and back to sign-in. */
export function SetPasswordForm({ purpose }: SetPasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // A rule shows as an error once its field was left, not at the first key stroke.
  const [left, setLeft] = useState({ password: false, confirmation: false });
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  const tooShort = !isLongEnough(password);
  const mismatch = password !== confirmation;
  const lengthRule = t('setPassword.tooShort', { min: MIN_PASSWORD_LENGTH });
  const passwordError = (left.password || confirmation !== '') && tooShort ? lengthRule : undefined;
  const confirmationError = left.confirmation && mismatch ? t('setPassword.register.message') : undefined;
  const texts = purpose === 'register' ? 'setPassword.register' : 'setPassword.resetPassword';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooShort || mismatch || saving) return;
    setSaving(true);
    try {
      await setPasswordWithLink(purpose, token, password);
      setSaved(true);
    } catch {
      // The error dialog tells why (expired link…); the user may retry or ask for a new link.
    } finally {
      setSaving(false);
    }
  };

  const backToSignIn = () => navigate(paths.signIn, { replace: true });

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Container
          header={
            <Header variant="h1" description={t(`${texts}.description`)}>
              {t(screenTitleKey(purpose))}
            </Header>
          }
        >
          <Form
            actions={
              <Button variant="primary" formAction="submit" loading={saving} disabled={tooShort || mismatch}>
                {t(`${texts}.submit`)}
              </Button>
            }
          >
            <SpaceBetween size="l">
              <FormField
                label={t('setPassword.password')}
                constraintText={passwordError ? undefined : lengthRule}
                errorText={passwordError}
              >
                <Input
                  type="password"
                  autoComplete="new-password"
                  name="password"
                  value={password}
                  onChange={({ detail }) => setPassword(detail.value)}
                  onBlur={() => setLeft((fields) => ({ ...fields, password: true }))}
                  invalid={passwordError !== undefined}
                  autoFocus
                />
              </FormField>
              <FormField label={t('setPassword.confirmation')} errorText={confirmationError}>
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
      <Modal
        visible={saved}
        onDismiss={backToSignIn}
        header={t(`${texts}.doneTitle`)}
        footer={
          <Box float="right">
            <Button variant="primary" onClick={backToSignIn}>
              {t('setPassword.ok')}
            </Button>
          </Box>
        }
      >
        {t(`${texts}.doneMessage`)}
      </Modal>
    </>
  );
}
