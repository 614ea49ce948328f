import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ContributionForm } from '../../common/money/contribution-form.tsx';
import { LoadState } from '../../common/ui/load-state.tsx';
import { useSavedNotice } from '../../common/ui/saved-notice.tsx';
import { NotReadOffline } from '../../common/offline/offline-text.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useStages } from '../../common/ui/use-stages.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { PlotBreadcrumbs } from '../../common/plots/plot-breadcrumbs.tsx';
import { PlotCoverageDates } from './components/plot-coverage-dates.tsx';
import { PlotDetails } from './components/plot-details.tsx';
import { LocationForm } from './components/location-form.tsx';
import { ProtectionForm } from './components/protection-form.tsx';
import { CropForm } from './components/crop-form.tsx';
import { useConfigTerms } from '../../api/enablers-queries.ts';
import { useFieldMember, useFieldPlot } from '../../api/offline/field-queries.ts';
import { PlotCover } from './components/plot-cover.tsx';
import { SeasonMonthsPanel } from './components/season-months-panel.tsx';
import { paths } from '../../navigation/paths.ts';

/**
 * /Member/{memberId}/Field/{plotId}: the plot's details, map and coverage, what its cover promises
 * today, its protection and crop updates and a contribution for this plot.
 */
export function PlotPage() {
  const { t } = useTranslation();
  const follow = useFollow();
  const navigate = useNavigate();
  const { memberId = '', plotId = '' } = useParams();
  const {
    data,
    isError,
    notReadOffline,
    serverId,
    memberId: memberServerId,
  } = useFieldPlot(memberId, plotId);
  // The plot's arrival is drawn in a transition, its sections one per task (common/ui/use-stages.ts).
  const plot = useDeferredValue(data);
  const stage = useStages(7);
  const terms = useConfigTerms(plot?.enablerConfig?.version);
  const { data: member } = useFieldMember(memberId);
  const title = plot?.name ?? t('screens.plot');
  const memberHref = paths.member(memberId);
  const saved = useSavedNotice();
  useDocumentTitle(title);

  // A plot created on the device moves to its own address once the server numbered it (and its member).
  useEffect(() => {
    if (serverId) navigate(paths.plot(memberServerId, serverId), { replace: true });
  }, [serverId, memberServerId, navigate]);

  return (
    <ContentLayout
      notifications={saved}
      breadcrumbs={
        <PlotBreadcrumbs
          memberId={memberId}
          memberName={plot?.memberName}
          current={title}
          currentHref={paths.plot(memberId, plotId)}
        />
      }
      header={
        <Header
          variant="h1"
          description={plot ? t('plots.detail.description', { member: plot.memberName }) : undefined}
        >
          {title}
        </Header>
      }
    >
      {!plot && !isError && !notReadOffline && (
        <LoadState status="loading" text={t('plots.detail.loading')} />
      )}
      {notReadOffline && <NotReadOffline />}
      {isError && (
        <LoadState
          status="error"
          text={t('plots.detail.loadFailed')}
          action={
            <Button href={memberHref} onFollow={follow}>
              {t('plots.detail.backToMember')}
            </Button>
          }
        />
      )}
      {plot && (
        <SpaceBetween size="l">
          <PlotDetails plot={plot} />
          <LocationForm key={`location-${plot.id}`} plot={plot} />
          {stage >= 2 && <PlotCoverageDates plot={plot} />}
          {stage >= 3 && <PlotCover plot={plot} terms={terms} contributions={member?.contributions ?? []} />}
          {stage >= 4 && (
            <SeasonMonthsPanel
              plot={plot}
              plotName={plot.name}
              terms={terms}
              contributions={member?.contributions ?? []}
            />
          )}
          {stage >= 5 && <ProtectionForm key={plot.id} plot={plot} terms={terms} />}
          {stage >= 6 && <CropForm key={`crop-${plot.id}`} plot={plot} />}
          {/* The targeted field contribution (spec section 5): for this plot, with its own confirmation. */}
          {stage >= 7 && (
            <ContributionForm
              key={`contribution-${plot.id}`}
              member={{ id: plot.memberId, name: plot.memberName }}
              plots={[plot]}
            />
          )}
        </SpaceBetween>
      )}
    </ContentLayout>
  );
}
