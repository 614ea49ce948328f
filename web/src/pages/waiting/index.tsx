import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useOutboxRecord } from '../../api/offline/field-queries.ts';
import { outbox } from '../../api/offline/outbox.ts';
import type { QueuedWrite } from '../../api/offline/queued-writes.ts';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useOnline } from '../../browser/use-online.ts';
import { offlineTexts } from '../../common/offline/offline-texts.ts';
import { useScreenCatalogue } from '../../i18n/screen-catalogue.ts';
import { screenTitleKey } from '../../navigation/screens.ts';
import { CorrectDialog } from './components/correct-dialog.tsx';
import { DiscardDialog } from './components/discard-dialog.tsx';
import { WaitingTable } from './components/waiting-table.tsx';
import { waitingOutline } from './heading.ts';

type Open = { dialog: 'correct' | 'discard'; write: QueuedWrite } | null;

/**
 * /Waiting: what the agent recorded on the device and the server has not, in the order it is sent; a
 * refused write stays with its reason until the agent corrects or discards it.
 */
export function WaitingPage() {
  const { t } = useTranslation();
  useScreenCatalogue(offlineTexts);
  const record = useOutboxRecord();
  const online = useOnline();
  const [open, setOpen] = useState<Open>(null);
  const [sending, setSending] = useState(false);
  useDocumentTitle(t(screenTitleKey('waiting')));
  const held = record.writes.some((write) => write.state === 'held');

  const sendNow = () => {
    setSending(true);
    void outbox.send().finally(() => setSending(false));
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={t(waitingOutline.description)}
          actions={
            <Button onClick={sendNow} loading={sending} disabled={!online || record.writes.length === 0}>
              {t(waitingOutline.action)}
            </Button>
          }
        >
          {t(waitingOutline.heading)}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {!online && record.writes.length > 0 && <Alert type="warning">{t('offline.list.offlineHint')}</Alert>}
        {held && (
          <Alert
            type="info"
            action={<Button onClick={() => void outbox.release()}>{t('offline.list.sendHeld')}</Button>}
          >
            {t('offline.list.held')}
          </Alert>
        )}
        <WaitingTable
          record={record}
          onCorrect={(write) => setOpen({ dialog: 'correct', write })}
          onDiscard={(write) => setOpen({ dialog: 'discard', write })}
        />
      </SpaceBetween>
      {open?.dialog === 'correct' && (
        <CorrectDialog
          write={open.write}
          onCancel={() => setOpen(null)}
          onCorrect={async (body) => {
            await outbox.correct(open.write.id, body);
            setOpen(null);
          }}
        />
      )}
      {open?.dialog === 'discard' && (
        <DiscardDialog
          dependants={outbox.dependantsOf(open.write.id).length}
          onCancel={() => setOpen(null)}
          onDiscard={async () => {
            await outbox.discard(open.write.id);
            setOpen(null);
          }}
        />
      )}
    </ContentLayout>
  );
}
