import { useTranslation } from 'react-i18next';
import type { PasswordLinkPurpose } from '../../api/accounts.ts';
import { screenTitleKey } from '../../navigation/screens.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { CloudscapeTexts } from '../../common/ui/cloudscape-texts.tsx';
import { SetPasswordForm } from './components/set-password-form.tsx';

function SetPasswordPage({ purpose }: { purpose: PasswordLinkPurpose }) {
  const { t } = useTranslation();
  useDocumentTitle(t(screenTitleKey(purpose)));
  return (
    <CloudscapeTexts>
      <SetPasswordForm purpose={purpose} />
    </CloudscapeTexts>
  );
}

/** /register/:token: the first password of an account created by an administrator. */
export function RegisterPage() {
  return <SetPasswordPage purpose="register" />;
}

/** /resetPassword/:token: a new password, after a forgotten one or a renewal forced by an administrator. */
export function ResetPasswordPage() {
  return <SetPasswordPage purpose="resetPassword" />;
}
