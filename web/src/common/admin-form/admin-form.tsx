import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { isApiError } from '../../api/api-error.ts';
import { LoadState } from '../ui/load-state.tsx';
import { parseDayMonthYear, unixSecondsOf } from '../plots/plot-fields.ts';
import { useFollow } from '../browser/use-follow.ts';

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
    <ContentLayout
      header={
        <Header variant="h1" description={description}>
          {title}
        </Header>
      }
    >
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
    </ContentLayout>
  );
}

export interface AdminRecordLoadProps<Data> {
  title: string;
  backHref: string;
  query: Pick<UseQueryResult<Data>, 'data' | 'isError' | 'error' | 'refetch'>;
  children: (data: Data) => ReactNode;
}

/** An edit form's record: loading, not found (another enabler's or deleted), failed, or the form. */
export function AdminRecordLoad<Data>({ title, backHref, query, children }: AdminRecordLoadProps<Data>) {
  const { t } = useTranslation();
  const follow = useFollow();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  const back = (
    <Button href={backHref} onFollow={follow}>
      {t('adminForm.back')}
    </Button>
  );
  const notFound = query.isError && isApiError(query.error) && query.error.status === 404;
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      {notFound ? (
        <LoadState status="notFound" text={t('adminForm.notFound')} action={back} />
      ) : query.isError ? (
        <LoadState
          status="error"
          text={t('adminForm.failed')}
          action={
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => void query.refetch()}>{t('adminForm.retry')}</Button>
              {back}
            </SpaceBetween>
          }
        />
      ) : (
        <LoadState status="loading" text={t('adminForm.loading')} />
      )}
    </ContentLayout>
  );
}

/** A day typed dd/MM/yyyy: its unix seconds (00:00 UTC, the server reads the date in UTC), or the problem. */
export function readDay(text: string): { seconds: number } | { problem: 'required' | 'invalid' } {
  if (!text.trim()) return { problem: 'required' };
  const day = parseDayMonthYear(text);
  return day ? { seconds: unixSecondsOf(day) } : { problem: 'invalid' };
}

export interface DayFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Show the field's problem (after a first try to save). */
  showProblem: boolean;
  name?: string;
}

/** A date typed dd/MM/yyyy (spec section 9). */
export function DayField({ label, value, onChange, showProblem, name }: DayFieldProps) {
  const { t } = useTranslation();
  const reading = readDay(value);
  const problem = showProblem && 'problem' in reading ? reading.problem : undefined;
  return (
    <FormField
      label={label}
      constraintText={t('plots.hints.dateFormat')}
      errorText={problem ? t(`adminForm.day.${problem}`, { field: label }) : undefined}
    >
      <Input
        name={name}
        value={value}
        placeholder={t('plots.hints.datePlaceholder')}
        invalid={problem !== undefined}
        onChange={({ detail }) => onChange(detail.value)}
      />
    </FormField>
  );
}

/** A record's date ('YYYY-MM-DD' or an ISO instant in UTC) as the form types it, dd/MM/yyyy. */
export function dayTextOf(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
