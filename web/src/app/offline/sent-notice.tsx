import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import { offlineTexts } from '../../common/offline/offline-texts.ts';
import { useScreenCatalogue } from '../../i18n/screen-catalogue.ts';
import { sentKinds, type SentCounts } from './sent-writes.ts';

function SentMessage({ counts, onDismiss }: { counts: SentCounts; onDismiss: () => void }) {
  const { t } = useTranslation();
  useScreenCatalogue(offlineTexts);
  const parts = sentKinds
    .filter((kind) => counts[kind])
    .map((kind) => t(`offline.sent.kinds.${kind}`, { count: counts[kind] }));
  return (
    <Alert
      type="success"
      header={t('offline.sent.title')}
      dismissible
      onDismiss={onDismiss}
      i18nStrings={{ dismissAriaLabel: t('members.member.dismiss') }}
    >
      {`${parts.join(', ')}.`}
    </Alert>
  );
}

export interface SentNoticeProps {
  /** What the queue sent when it last emptied; null once dismissed, or before. */
  counts: SentCounts | null;
  onDismiss: () => void;
}

/**
 * "2 contributions sent": told when the writes waiting on the device have gone, at the bottom of the
 * screen whatever the agent scrolled to, and announced (the region is there before the message).
 */
export function SentNotice({ counts, onDismiss }: SentNoticeProps) {
  return (
    <div className="sent-notice" role="status" aria-live="polite" aria-atomic="true">
      {counts && (
        <Suspense fallback={null}>
          <SentMessage counts={counts} onDismiss={onDismiss} />
        </Suspense>
      )}
    </div>
  );
}
