import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { containsAccountName } from '@cpbo/schemas/password-rules.ts';
import { isLongEnough } from './password-rules.ts';

// The strength estimator (zxcvbn and its word lists) loads with the form, so that its bar is there
// before the user types and nothing moves under the pointer.
const PasswordStrength = lazy(() => import('./password-strength.tsx'));

export interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (password: string) => void;
  onConfirmationChange: (confirmation: string) => void;
  labels: { password: string; confirmation: string };
  /** The length rule, shown under the field and as its error. */
  lengthRule: string;
  /** The message of another rule the new password breaks (the same as the current one…), if any. */
  otherProblem?: string;
  /** The new password field's name. */
  name: string;
  autoFocus?: boolean;
  /** The account's e-mail, when the form knows it (a change): its name may not be in the password. */
  email?: string;
}

/**
 * Whether a new password and its confirmation can be sent: long enough, the same twice, and without the
 * account's e-mail name or the product's name (the server also checks the passwords attackers try first).
 */
export const newPasswordValid = (password: string, confirmation: string, email?: string): boolean =>
  isLongEnough(password) && password === confirmation && !containsAccountName(password, email);

/**
 * A new password typed twice (register, reset, change). A rule shows as an error once its field was
 * left, not at the first key stroke; remount (a new key) to forget which fields were left.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { password, confirmation, labels, lengthRule, otherProblem } = props;
  const { t } = useTranslation();
  const [left, setLeft] = useState({ password: false, confirmation: false });

  const shown = left.password || confirmation !== '';
  const named = containsAccountName(password, props.email) ? t('errors.ERR_PASSWORD_TOO_COMMON') : undefined;
  const passwordError = shown ? (!isLongEnough(password) ? lengthRule : (otherProblem ?? named)) : undefined;
  const confirmationError =
    left.confirmation && password !== confirmation ? t('setPassword.register.message') : undefined;

  return (
    <>
      <FormField
        label={labels.password}
        constraintText={passwordError ? undefined : lengthRule}
        errorText={passwordError}
      >
        <Input
          type="password"
          autoComplete="new-password"
          name={props.name}
          value={password}
          onChange={({ detail }) => props.onPasswordChange(detail.value)}
          onBlur={() => setLeft((fields) => ({ ...fields, password: true }))}
          invalid={passwordError !== undefined}
          autoFocus={props.autoFocus}
        />
      </FormField>
      <Suspense fallback={null}>
        <PasswordStrength password={password} email={props.email} />
      </Suspense>
      <FormField label={labels.confirmation} errorText={confirmationError}>
        <Input
          type="password"
          autoComplete="new-password"
          name="confirmation"
          value={confirmation}
          onChange={({ detail }) => props.onConfirmationChange(detail.value)}
          onBlur={() => setLeft((fields) => ({ ...fields, confirmation: true }))}
          invalid={confirmationError !== undefined}
        />
      </FormField>
    </>
  );
}
