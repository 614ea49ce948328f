import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';

export interface FormActionsProps {
  cancelText: string;
  submitText: string;
  submitIcon?: ButtonProps['iconName'];
  onCancel: () => void;
  /** While the form is being sent: cancel is off and submit spins. */
  pending: boolean;
  /** Cancel stays on while the form is sent (leaving does not stop the sending). */
  keepCancel?: boolean;
}

/** A form's cancel and submit buttons (submit sends the surrounding <form>). */
export function FormActions({
  cancelText,
  submitText,
  submitIcon,
  onCancel,
  pending,
  keepCancel = false,
}: FormActionsProps) {
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button variant="link" formAction="none" onClick={onCancel} disabled={pending && !keepCancel}>
        {cancelText}
      </Button>
      <Button variant="primary" formAction="submit" iconName={submitIcon} loading={pending}>
        {submitText}
      </Button>
    </SpaceBetween>
  );
}
