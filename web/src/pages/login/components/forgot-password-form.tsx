import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import { requestPasswordReset } from '../../../api/auth.ts';
import { CloudscapeTexts } from '../../../common/ui/cloudscape-texts.tsx';
import { failureMessage } from '../../../common/errors/error-message.ts';
import { EmailField } from './email-field.tsx';
import { FormActions } from '../../../common/ui/form-actions.tsx';

export interface ForgotPasswordFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
}

/** The forgotten-password mode, with Cloudscape's texts (its dialog's), which the login page does not load. */
export function ForgotPasswordForm(props: ForgotPasswordFormProps) {
  return (
    <CloudscapeTexts>
      <ForgotPassword {...props} />
    </CloudscapeTexts>
  );
}

function ForgotPassword({ email, onEmailChange, onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!email.trim() || sending) return;
    setFailure(null);
    setSending(true);
    try {
      await requestPasswordReset(email.trim(), { errors: 'caller' });
      setSent(true);
    } catch (error) {
      setFailure(failureMessage(t, error));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Container
          header={
            <Header variant="h1" description={t('login.forgot.description')}>
              {t('login.forgot.title')}
            </Header>
          }
        >
          <Form
            errorText={failure}
            actions={
              <FormActions
                cancelText={t('login.forgot.back')}
                submitText={t('login.forgot.submit')}
                onCancel={onBack}
                pending={sending}
                keepCancel
              />
            }
          >
            <EmailField email={email} onEmailChange={onEmailChange} submitted={submitted} />
          </Form>
        </Container>
      </form>
      <Modal
        visible={sent}
        onDismiss={onBack}
        header={t('login.forgot.sentTitle')}
        footer={
          <Box float="right">
            <Button variant="primary" onClick={onBack}>
              {t('login.forgot.ok')}
            </Button>
          </Box>
        }
      >
        {t('login.forgot.sentMessage')}
      </Modal>
    </>
  );
}
