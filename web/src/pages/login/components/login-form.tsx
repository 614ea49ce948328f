import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useSession } from '../../../session/session-context.ts';
import { failureMessage } from '../../../common/errors/error-message.ts';
import { Panel } from '../../../common/ui/panel.tsx';
import { EmailField } from './email-field.tsx';

export interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
}

export function LoginForm({ email, onEmailChange, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation();
  const { login } = useSession();
  const [password, setPassword] = useState('');
  // Required-field messages appear once the user tried to submit, not while they are typing.
  const [submitted, setSubmitted] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const passwordError = submitted && !password ? t('login.passwordRequired') : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!email.trim() || !password || signingIn) return;
    setSigningIn(true);
    setFailure(null);
    try {
      // On success the session switches the routes and this form goes away.
      await login(email.trim(), password);
    } catch (error) {
      setFailure(failureMessage(t, error));
      setSigningIn(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Panel header={<Header variant="h1">{t('login.title')}</Header>}>
        <Form
          errorText={failure}
          errorIconAriaLabel={t('app.errorIcon')}
          actions={
            <Button variant="primary" formAction="submit" loading={signingIn}>
              {t('login.submit')}
            </Button>
          }
          secondaryActions={
            // A button in a link's look: it changes the form's mode, it goes nowhere (and the login page has
            // Cloudscape's button already, not its link).
            <Button variant="inline-link" formAction="none" onClick={onForgotPassword}>
              {t('login.forgotPassword')}
            </Button>
          }
        >
          <SpaceBetween size="l">
            <EmailField email={email} onEmailChange={onEmailChange} submitted={submitted} />
            <FormField
              label={t('login.password')}
              errorText={passwordError}
              i18nStrings={{ errorIconAriaLabel: t('app.errorIcon') }}
            >
              <Input
                type="password"
                autoComplete="current-password"
                name="password"
                value={password}
                onChange={({ detail }) => setPassword(detail.value)}
                invalid={passwordError !== undefined}
              />
            </FormField>
          </SpaceBetween>
        </Form>
      </Panel>
    </form>
  );
}
