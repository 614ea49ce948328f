import type { ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';

export type LoadStateProps =
  | { status: 'loading'; text: string }
  /**
   * notFound: there is no such thing; error: it could not be read (the error dialog said why). The
   * action offers a way on (try again, back to the list); without a text only the action shows.
   */
  | { status: 'notFound' | 'error'; text?: string; action?: ReactNode };

/** What a screen shows instead of the thing it reads while it loads, or when it cannot show it. */
export function LoadState(props: LoadStateProps) {
  if (props.status === 'loading') return <StatusIndicator type="loading">{props.text}</StatusIndicator>;
  const { text, action } = props;
  if (!text) return <SpaceBetween size="m">{action}</SpaceBetween>;
  return (
    <Alert type="error" action={action}>
      {text}
    </Alert>
  );
}
