import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { isApiError } from '../../api/api-error.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { LoadState } from '../ui/load-state.tsx';
import { errorMessage } from '../errors/error-message.ts';
import { useSwitchableEnabler } from '../errors/other-enabler.ts';
import { SwitchEnablerButton } from '../errors/switch-enabler-button.tsx';

export interface AdminRecordLoadProps<Data> {
  title: string;
  backHref: string;
  query: Pick<UseQueryResult<Data>, 'data' | 'isError' | 'error' | 'refetch'>;
  children: (data: Data) => ReactNode;
}

/**
 * An edit form's record: loading, not found (deleted, or never was), another enabler's (with the
 * switch to it), failed, or the form.
 */
export function AdminRecordLoad<Data>({ title, backHref, query, children }: AdminRecordLoadProps<Data>) {
  const { t } = useTranslation();
  const follow = useFollow();
  const otherEnabler = useSwitchableEnabler(query.error);
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
      ) : otherEnabler ? (
        <LoadState
          status="error"
          text={errorMessage(t, { code: 'ERR_FORBIDDEN_ADMIN', message: '' })}
          action={
            <SpaceBetween direction="horizontal" size="xs">
              <SwitchEnablerButton enabler={otherEnabler} variant="normal" />
              {back}
            </SpaceBetween>
          }
        />
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
