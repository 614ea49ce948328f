import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../common/ui/loading-screen.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { LoginForm } from './components/login-form.tsx';

type Mode = 'login' | 'forgotPassword';

// The forgot-password mode (its request and confirmation dialog) is fetched when chosen, not with the first screen.
const ForgotPasswordForm = lazy(() =>
  import('./components/forgot-password-form.tsx').then(({ ForgotPasswordForm }) => ({
    default: ForgotPasswordForm,
  })),
);

/** Sign-in, with a forgot-password mode; the email typed in one mode carries over to the other. */
export function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  useDocumentTitle(mode === 'login' ? t('login.title') : t('login.forgot.title'));

  return mode === 'login' ? (
    <LoginForm email={email} onEmailChange={setEmail} onForgotPassword={() => setMode('forgotPassword')} />
  ) : (
    <Suspense fallback={<LoadingScreen />}>
      <ForgotPasswordForm email={email} onEmailChange={setEmail} onBack={() => setMode('login')} />
    </Suspense>
  );
}
