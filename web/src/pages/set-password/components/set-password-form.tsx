import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { setPasswordWithLink, type PasswordLinkPurpose } from '../../../api/accounts.ts';
import { screenTitleKey } from '../../../navigation/screens.ts';
import { NewPasswordFields, newPasswordValid } from '../../../common/passwords/new-password-fields.tsx';
import { MIN_PASSWORD_LENGTH } from '../../../common/passwords/password-rules.ts';
import { paths } from '../../../navigation/paths.ts';

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
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);
  const valid = newPasswordValid(password, confirmation);
  const texts = purpose === 'register' ? 'setPassword.register' : 'setPassword.resetPassword';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
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
              <Button variant="primary" formAction="submit" loading={saving} disabled={!valid}>
                {t(`${texts}.submit`)}
              </Button>
            }
          >
            <SpaceBetween size="l">
              <NewPasswordFields
                password={password}
                confirmation={confirmation}
                onPasswordChange={setPassword}
                onConfirmationChange={setConfirmation}
                labels={{ password: t('setPassword.password'), confirmation: t('setPassword.confirmation') }}
                lengthRule={t('setPassword.tooShort', { min: MIN_PASSWORD_LENGTH })}
                name="password"
                autoFocus
              />
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
