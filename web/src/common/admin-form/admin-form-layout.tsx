import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useFollow } from '../../browser/use-follow.ts';
import { ScreenLayout } from '../ui/screen-layout.tsx';

export interface AdminFormLayoutProps {
  title: string;
  description?: string;
  /** Where cancel goes: the record's table. */
  backHref: string;
  submitLabel: string;
  saving: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/** An administrator's record form: its fields in one container, cancel and save. */
export function AdminFormLayout({
  title,
  description,
  backHref,
  submitLabel,
  saving,
  onSubmit,
  children,
}: AdminFormLayoutProps) {
  const { t } = useTranslation();
  const follow = useFollow();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSubmit();
  };
  return (
    <ScreenLayout title={title} description={description}>
      <form onSubmit={submit} noValidate>
        <Form
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button formAction="none" variant="link" href={backHref} onFollow={follow}>
                {t('adminForm.cancel')}
              </Button>
              <Button variant="primary" formAction="submit" loading={saving}>
                {submitLabel}
              </Button>
            </SpaceBetween>
          }
        >
          <Container>
            <SpaceBetween size="l">{children}</SpaceBetween>
          </Container>
        </Form>
      </form>
    </ScreenLayout>
  );
}
