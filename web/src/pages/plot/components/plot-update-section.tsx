import type { FormEvent, ReactNode } from 'react';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';

export interface PlotUpdateSectionProps {
  title: string;
  description: string;
  saveLabel: string;
  saving: boolean;
  onSubmit: (event: FormEvent) => void;
  /** The success message, shown once the plot was saved; null until then. */
  savedText: string | null;
  onDismissSaved: () => void;
  children: ReactNode;
}

/**
 * One update of the plot page (protection, crop): a container with its fields, its save button and the
 * message that it was saved.
 */
export function PlotUpdateSection({
  title,
  description,
  saveLabel,
  saving,
  onSubmit,
  savedText,
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
        <Container
          header={
            <Header variant="h2" description={description}>
              {title}
            </Header>
          }
        >
          <SpaceBetween size="l">
            {children}
            {savedText !== null && (
              <Alert type="success" dismissible onDismiss={onDismissSaved}>
                {savedText}
              </Alert>
            )}
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
