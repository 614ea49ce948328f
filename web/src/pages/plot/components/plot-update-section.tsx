import type { FormEvent, ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { OfflineText } from '../../../common/offline/offline-text.tsx';
import { Section } from '../../../common/ui/section.tsx';

/** How the last save went: sent and saved, or kept on the device until the network is back. */
export type PlotUpdateOutcome = 'sent' | 'queued';

export interface PlotUpdateSectionProps {
  title: string;
  description: string;
  saveLabel: string;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  /** The success message, shown once the plot was saved. */
  savedText: string;
  /** How the last save went; null until one did, or once its message is dismissed. */
  saved: PlotUpdateOutcome | null;
  onDismissSaved: () => void;
  children: ReactNode;
}

/**
 * One update of the plot page (protection, crop): a container with its fields, its save button and the
 * message that it was saved (or kept on the device, to be sent when the network is back).
 */
export function PlotUpdateSection({
  title,
  description,
  saveLabel,
  saving,
  onSubmit,
  savedText,
  saved,
  onDismissSaved,
  children,
}: PlotUpdateSectionProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={saving}>
            {saveLabel}
          </Button>
        }
      >
        <Section title={title} description={description}>
          <SpaceBetween size="l">
            {children}
            {saved && (
              <Alert type={saved === 'sent' ? 'success' : 'info'} dismissible onDismiss={onDismissSaved}>
                {saved === 'sent' ? savedText : <OfflineText textKey="offline.queued.protection" />}
              </Alert>
            )}
          </SpaceBetween>
        </Section>
      </Form>
    </form>
  );
}
