import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Flashbar from '@cloudscape-design/components/flashbar';

interface Notice {
  content: string;
  outcome: 'sent' | 'queued';
}

/**
 * The message a field screen shows after a write: recorded (success), or kept on the device to be sent
 * (information). `show` fits the money forms' callbacks; `flashbar` goes in the screen's notifications.
 */
export function useRecordedNotice() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const show = (content: string, outcome: Notice['outcome']) => setNotice({ content, outcome });
  const flashbar = notice ? (
    <Flashbar
      items={[
        {
          id: 'recorded',
          type: notice.outcome === 'queued' ? 'info' : 'success',
          content: notice.content,
          dismissible: true,
          dismissLabel: t('members.member.dismiss'),
          onDismiss: () => setNotice(null),
        },
      ]}
    />
  ) : undefined;
  return { show, flashbar };
}
