import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@cloudscape-design/components/alert';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { ApiError } from '../../api/api-error.ts';
import { useBenefitRun } from '../../api/benefit-runs-queries.ts';
import type { BenefitRun } from '../../api/benefit-runs.ts';
import { benefitRunAtWork } from '@cpbo/schemas/benefit-runs.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { RunState } from '../../common/benefit-runs/run-state.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { LoadState } from '../../common/ui/load-state.tsx';
import { useStages } from '../../common/ui/use-stages.ts';
import { paths } from '../../navigation/paths.ts';
import { useSignedInSession } from '../../session/session-context.ts';
import { DuplicatesTable } from './components/duplicates-table.tsx';
import { PaymentReport } from './components/payment-report.tsx';
import { PreviewSummary } from './components/preview-summary.tsx';
import { RowsTable } from './components/rows-table.tsx';
import { RunActions } from './components/run-actions.tsx';
import { benefitRunOutline } from './heading.ts';
import { reviewBarOf, runAlerts } from './run-alerts.ts';
import { RunFiles, useRunFileDownload } from './components/run-files.tsx';
import { RunOverview } from './components/run-overview.tsx';
import { RunProgress } from './components/run-progress.tsx';
import { useRunFormats } from './components/run-formats.ts';
import { readAgain } from '../../api/read-again.ts';

/** The preview's three tables, each counted in its tab's label. */
function PreviewTables({ run, preview }: { run: BenefitRun; preview: NonNullable<BenefitRun['preview']> }) {
  const { t } = useTranslation();
  const { count } = useRunFormats(run);
  return (
    <Container>
      <Tabs
        ariaLabel={t('benefitRuns.preview.tabs')}
        tabs={[
          {
            id: 'rows',
            label: t('benefitRuns.preview.rowsTab', { figure: count(preview.rows) }),
            content: <RowsTable run={run} />,
          },
          {
            id: 'refused',
            label: t('benefitRuns.preview.refusedTab', { figure: count(preview.refused) }),
            content: <RowsTable run={run} refused />,
          },
          {
            id: 'duplicates',
            label: t('benefitRuns.preview.duplicatesTab', { figure: count(preview.duplicates) }),
            content: <DuplicatesTable run={run} />,
          },
        ]}
      />
    </Container>
  );
}

/** Once a run is paid, what its payment moved is read again: members, their records, the dashboard. */
function useRefreshWhenPaid(run: BenefitRun | undefined) {
  const queryClient = useQueryClient();
  const paid = run?.state === 'PAID';
  useEffect(() => {
    if (!paid) return;
    void readAgain(queryClient, [queryKeys.members.all, queryKeys.admin.all, queryKeys.dashboard.all]);
  }, [paid, queryClient]);
}

/**
 * One benefit run: its jobs' progress, what its preview found (figures, rows, refusals, possible
 * duplicates), the four-eyes review, the payment's report and files, and who did what when.
 */
export function BenefitRunPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  const { id = '' } = useParams();
  const read = useBenefitRun(id);
  // The run's arrival is drawn in a transition, which React renders in short slices; for that while, the
  // deferred answer may still be the run shown before (a link to another run): it is not drawn.
  const deferred = useDeferredValue(read.data);
  const answer = deferred?.run.id === id ? deferred : undefined;
  const run = answer?.run;
  useRefreshWhenPaid(run);
  const file = useRunFileDownload(id);
  // The outline's heading (heading.ts), drawn before the page's code from the run's early read.
  const title = run
    ? t(benefitRunOutline.heading, { assessment: run.assessmentId })
    : t('screens.benefitRun');
  useDocumentTitle(title);

  const breadcrumbs = (
    <BreadcrumbGroup
      ariaLabel={t('benefitRuns.breadcrumbs')}
      onFollow={follow}
      items={[
        { text: t('screens.adminBenefitRuns'), href: paths.adminBenefitRuns },
        { text: run?.assessmentId ?? t('screens.benefitRun'), href: paths.benefitRun(id) },
      ]}
    />
  );
  if (!run) {
    const missing = read.error instanceof ApiError && read.error.status === 404;
    // A layout of its own (key): the run's page replaces it whole when the run comes, so the header
    // that grows then (the run's state, its actions on several lines on a phone) moves nothing drawn.
    return (
      <ContentLayout key="waiting" breadcrumbs={breadcrumbs} header={<Header variant="h1">{title}</Header>}>
        <Container>
          {read.isPending || read.data !== undefined ? (
            <LoadState status="loading" text={t(benefitRunOutline.loading)} />
          ) : (
            <LoadState
              status={missing ? 'notFound' : 'error'}
              text={missing ? t('benefitRuns.run.notFound') : undefined}
              action={
                <Button href={paths.adminBenefitRuns} onFollow={follow}>
                  {t('benefitRuns.run.backToList')}
                </Button>
              }
            />
          )}
        </Container>
      </ContentLayout>
    );
  }

  return (
    <RunView
      key="run"
      run={run}
      linkedToUploader={answer?.linkedToUploader}
      title={title}
      breadcrumbs={breadcrumbs}
      file={file}
    />
  );
}

/**
 * A run's page once the run has come: drawn in parts (common/ui/use-stages.ts), its header and alerts first,
 * then each of its sections, each with at most one table, so that its first draw is several short tasks
 * rather than one long one (issue 42: total blocking time).
 */
function RunView({
  run,
  linkedToUploader,
  title,
  breadcrumbs,
  file: { downloading, download },
}: {
  run: BenefitRun;
  linkedToUploader: boolean | undefined;
  title: string;
  breadcrumbs: ReactNode;
  file: ReturnType<typeof useRunFileDownload>;
}) {
  const { t } = useTranslation();
  const follow = useFollow();
  const { user } = useSignedInSession();
  const stage = useStages(5);
  // Neither its uploader nor an administrator of the uploader's line may review it (the API says who is).
  const bar = reviewBarOf(run, linkedToUploader, user.email);
  const hasPreviewFile = run.files.some((file) => file.id === 'preview');
  return (
    <ContentLayout
      breadcrumbs={breadcrumbs}
      header={
        <Header
          variant="h1"
          description={
            <SpaceBetween direction="horizontal" size="xs">
              <RunState state={run.state} />
              <span>{t('benefitRuns.run.description', { by: run.createdBy })}</span>
            </SpaceBetween>
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {hasPreviewFile && (
                <Button
                  iconName="download"
                  loading={downloading === 'preview'}
                  onClick={() => void download('preview')}
                >
                  {t('benefitRuns.run.downloadPreview')}
                </Button>
              )}
              <RunActions run={run} reviewBarred={bar.uploader || bar.linked} />
            </SpaceBetween>
          }
        >
          {title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {runAlerts(run, bar).map((alert) => (
          <Alert
            key={alert.header}
            type={alert.type}
            header={t(alert.header)}
            action={
              alert.opens === undefined ? undefined : (
                <Button href={paths.benefitRun(alert.opens)} onFollow={follow}>
                  {t('benefitRuns.run.openRun')}
                </Button>
              )
            }
          >
            {t(alert.text, alert.values)}
          </Alert>
        ))}
        {benefitRunAtWork(run.state) && <RunProgress run={run} />}
        {run.payment && <PaymentReport run={run} payment={run.payment} />}
        {stage >= 2 && run.preview && <PreviewSummary run={run} preview={run.preview} />}
        {stage >= 3 && <RunOverview run={run} />}
        {stage >= 4 && run.files.length > 0 && <RunFiles run={run} />}
        {stage >= 5 && run.preview && <PreviewTables run={run} preview={run.preview} />}
      </SpaceBetween>
    </ContentLayout>
  );
}
