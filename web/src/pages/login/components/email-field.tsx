import { useTranslation } from 'react-i18next';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';

export interface EmailFieldProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** The form was sent once: an empty address is now an error. */
  submitted: boolean;
}

/** The sign-in address, shared by the login and forgotten-password forms (the one typed is kept between them). */
export function EmailField({ email, onEmailChange, submitted }: EmailFieldProps) {
  const { t } = useTranslation();
  // Required-field messages appear once the user tried to submit, not while they are typing.
  const emailError = submitted && !email.trim() ? t('login.emailRequired') : undefined;
  return (
    // The login page loads no Cloudscape texts (common/ui/cloudscape-texts.tsx): it names its labels itself.
    <FormField
      label={t('login.email')}
      errorText={emailError}
      i18nStrings={{ errorIconAriaLabel: t('app.errorIcon') }}
    >
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
  );
}
