import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import { useScreenCatalogue } from '../../i18n/screen-catalogue.ts';
import { offlineTexts } from './offline-texts.ts';

function Text({ textKey }: { textKey: string }) {
  const { t } = useTranslation();
  useScreenCatalogue(offlineTexts);
  return <>{t(textKey)}</>;
}

/** A text of the offline field work, shown once its catalogue is here (nothing until then). */
export function OfflineText({ textKey }: { textKey: string }) {
  return (
    <Suspense fallback={null}>
      <Text textKey={textKey} />
    </Suspense>
  );
}

/** What a screen shows for a read the device never made before the connection was lost. */
export function NotReadOffline() {
  return (
    <Alert type="warning">
      <OfflineText textKey="offline.notRead" />
    </Alert>
  );
}
