import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';

/** What a field write became: recorded by the server, or kept on the device to be sent. */
export interface RecordedNoticeValue {
  content: string;
  outcome: 'sent' | 'queued';
}

export interface RecordedNoticeProps {
  notice: RecordedNoticeValue | null;
  onDismiss: () => void;
}

/**
 * The message of a write, next to the form that made it (issue 38: the agent's eyes are on the form, not
 * at the top of the page): success, or kept on the device (information). The region is always there, so
 * a screen reader announces the message when it comes; the page scrolls it into view if it is not. Place
 * it right after the form's actions.
 */
export function RecordedNotice({ notice, onDismiss }: RecordedNoticeProps) {
  const { t } = useTranslation();
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!notice) return;
    // After the confirmation dialog gave the focus back to the form's button. `nearest`: no move when it is
    // already in view (jsdom has no scrolling).
    const frame = requestAnimationFrame(() => region.current?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [notice]);
  return (
    <div ref={region} role="status" aria-live="polite" aria-atomic="true">
      {notice && (
        <Box margin={{ top: 'l' }}>
          <Alert
            type={notice.outcome === 'queued' ? 'info' : 'success'}
            dismissible
            onDismiss={onDismiss}
            i18nStrings={{ dismissAriaLabel: t('members.member.dismiss') }}
          >
            {notice.content}
          </Alert>
        </Box>
      )}
    </div>
  );
}
