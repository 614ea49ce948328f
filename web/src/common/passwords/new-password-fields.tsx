import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { isLongEnough } from './password-rules.ts';

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
}

/** Whether a new password and its confirmation can be sent. */
export const newPasswordValid = (password: string, confirmation: string): boolean =>
  isLongEnough(password) && password === confirmation;

/**
 * A new password typed twice (register, reset, change). A rule shows as an error once its field was
 * left, not at the first key stroke; remount (a new key) to forget which fields were left.
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { password, confirmation, labels, lengthRule, otherProblem } = props;
  const { t } = useTranslation();
  const [left, setLeft] = useState({ password: false, confirmation: false });

  const shown = left.password || confirmation !== '';
  const passwordError = shown ? (!isLongEnough(password) ? lengthRule : otherProblem) : undefined;
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
