import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { isApiError } from '../../../api/api-error.ts';
import { requestPasswordReset } from '../../../api/auth.ts';
import { errorMessage } from '../../../common/error-message.ts';

export interface ForgotPasswordFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
}

export function ForgotPasswordForm({ email, onEmailChange, onBack }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const emailError = submitted && !email.trim() ? t('login.emailRequired') : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!email.trim() || sending) return;
    setSending(true);
    setFailure(null);
    try {
      await requestPasswordReset(email.trim(), { errors: 'caller' });
      setSent(true);
    } catch (error) {
      setFailure(isApiError(error) ? errorMessage(t, error) : errorMessage(t, { message: String(error) }));
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
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" formAction="none" onClick={onBack}>
                  {t('login.forgot.back')}
                </Button>
                <Button variant="primary" formAction="submit" loading={sending}>
                  {t('login.forgot.submit')}
                </Button>
              </SpaceBetween>
            }
          >
            <FormField label={t('login.email')} errorText={emailError}>
              <Input
                type="email"
                inputMode="email"
                autoComplete="username"
                name="email"
                value={email}
                onChange={({ detail }) => onEmailChange(detail.value)}
                invalid={emailError !== undefined}
                autoFocus
              />
            </FormField>
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
