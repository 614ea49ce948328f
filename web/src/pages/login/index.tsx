import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../common/use-document-title.ts';
import { ForgotPasswordForm } from './components/forgot-password-form.tsx';
import { LoginForm } from './components/login-form.tsx';

type Mode = 'login' | 'forgotPassword';

/** Sign-in, with a forgot-password mode; the email typed in one mode carries over to the other. */
export function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  useDocumentTitle(mode === 'login' ? t('login.title') : t('login.forgot.title'));

  return mode === 'login' ? (
    <LoginForm email={email} onEmailChange={setEmail} onForgotPassword={() => setMode('forgotPassword')} />
  ) : (
    <ForgotPasswordForm email={email} onEmailChange={setEmail} onBack={() => setMode('login')} />
  );
}
