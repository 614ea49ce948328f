import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useOutboxRecord } from '../../api/offline/field-queries.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { useOnline } from '../../browser/use-online.ts';
import { offlineTexts } from '../../common/offline/offline-texts.ts';
import { useScreenCatalogue } from '../../i18n/screen-catalogue.ts';
import { paths } from '../../navigation/paths.ts';
import { ageText, oldestShownRead } from './data-age.ts';
import type { ApplyUpdate } from './service-worker.ts';

const MINUTE_MS = 60_000;

/** When what the screen shows was read, and the time now: read again as the cache changes and every minute. */
function useShownReadTime(): { readAt: number | undefined; now: number } {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  const readAt = useSyncExternalStore(
    (changed) => queryClient.getQueryCache().subscribe(changed),
    () => oldestShownRead(queryClient),
  );
  return { readAt, now };
}

function WaitingLink() {
  const { t } = useTranslation();
  const follow = useFollow();
  const { writes } = useOutboxRecord();
  if (!writes.length) return null;
  const refused = writes.filter((write) => write.state === 'refused').length;
  return (
    <SpaceBetween direction="horizontal" size="s">
      <Link href={paths.waiting} onFollow={follow}>
        {t('offline.banner.waiting', { count: writes.length })}
      </Link>
      {refused > 0 && <span>{t('offline.banner.refused', { count: refused })}</span>}
    </SpaceBetween>
  );
}

function Banner({ update }: { update: ApplyUpdate | undefined }) {
  const { t, i18n } = useTranslation();
  useScreenCatalogue(offlineTexts);
  const online = useOnline();
  const { writes } = useOutboxRecord();
  const { readAt, now } = useShownReadTime();
  const language = i18n.resolvedLanguage ?? 'en';

  return (
    // Polite: the change of connection is told without interrupting what the agent hears.
    <div className="offline-banner" aria-live="polite">
      <SpaceBetween size="xs">
        {!online && (
          <Alert type="warning" header={t('offline.banner.offline')}>
            <SpaceBetween size="xxs">
              <span>
                {readAt === undefined
                  ? t('offline.banner.noData')
                  : t('offline.banner.dataAge', {
                      when: ageText(readAt, now, language),
                      time: new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(readAt),
                    })}{' '}
                {t('offline.banner.writesSaved')}
              </span>
              <WaitingLink />
            </SpaceBetween>
          </Alert>
        )}
        {online && writes.length > 0 && (
          <Alert type="info">
            <WaitingLink />
          </Alert>
        )}
        {update && (
          <Alert type="info" action={<Button onClick={update}>{t('offline.update.reload')}</Button>}>
            {t('offline.update.message')}
          </Alert>
        )}
      </SpaceBetween>
    </div>
  );
}

export interface OfflineBannerProps {
  /** Set when a new build waits to take over (service-worker.ts). */
  update: ApplyUpdate | undefined;
}

/**
 * Above a field agent's screens: offline, how old the data shown is and that writes are kept; the writes
 * waiting on the device (with those refused) and the way to their list; a new version ready. Nothing,
 * and no texts fetched, while online with nothing waiting.
 */
export function OfflineBanner({ update }: OfflineBannerProps) {
  const online = useOnline();
  const { writes } = useOutboxRecord();
  if (online && !writes.length && !update) return null;
  return (
    <Suspense fallback={null}>
      <Banner update={update} />
    </Suspense>
  );
}
