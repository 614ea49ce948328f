import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useFieldMember } from '../../api/offline/field-queries.ts';
import { isLocalId } from '../../api/offline/local-ids.ts';
import { screenTitleKey } from '../../navigation/screens.ts';
import { paths } from '../../navigation/paths.ts';
import { LoadState } from '../../common/ui/load-state.tsx';
import { useSavedNotice } from '../../common/ui/saved-notice.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { useStages } from '../../common/ui/use-stages.ts';
import { NotReadOffline, OfflineText } from '../../common/offline/offline-text.tsx';
import { BenefitsTab } from './components/benefits-tab.tsx';
import { CashoutForm } from './components/cashout-form.tsx';
import { ContributionForm } from '../../common/money/contribution-form.tsx';
import { ContributionsTab } from './components/contributions-tab.tsx';
import { MemberDetails } from './components/member-details.tsx';
import { MemberPlots } from './components/member-plots.tsx';
import { MemberSeason } from './components/member-season.tsx';
import { StatusCards } from './components/status-cards.tsx';
import { useSignedInSession } from '../../session/session-context.ts';
import { loadAdminTexts } from '../../i18n/index.ts';

// An administrator's tab, with the administrators' texts: fetched when it is first opened.
const HistoryTab = lazy(async () => {
  const [{ HistoryTab: tab }] = await Promise.all([import('./components/history-tab.tsx'), loadAdminTexts()]);
  return { default: tab };
});

/**
 * One member: status, details, plots, payments and contributions (Overview), and the records. A member
 * registered on the device shows from the queue until the server numbers it, then at its own address.
 */
export function MemberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const { data, isError, notReadOffline, refetch, serverId } = useFieldMember(id);
  // The member's arrival is drawn in a transition: a render React can interrupt, not one long task.
  const member = useDeferredValue(data);
  const stage = useStages(3);
  const saved = useSavedNotice();
  const { user } = useSignedInSession();
  useDocumentTitle(member?.name ?? t(screenTitleKey('member')));

  useEffect(() => {
    if (serverId) navigate(paths.member(serverId), { replace: true });
  }, [serverId, navigate]);

  if (!member) {
    let state = <LoadState status="loading" text={t('members.member.loading')} />;
    if (notReadOffline) state = <NotReadOffline />;
    else if (isError)
      state = (
        <LoadState
          status="error"
          text={t('members.member.failed')}
          action={<Button onClick={refetch}>{t('members.member.retry')}</Button>}
        />
      );
    return (
      <ContentLayout header={<Header variant="h1">{t(screenTitleKey('member'))}</Header>}>
        {state}
      </ContentLayout>
    );
  }

  return (
    <ContentLayout
      notifications={saved}
      header={
        <Header
          variant="h1"
          description={t('members.member.description', { number: member.number, village: member.village })}
        >
          {member.name}
        </Header>
      }
    >
      <Tabs
        tabs={[
          {
            id: 'overview',
            label: t('members.member.tabs.overview'),
            content: (
              <SpaceBetween size="l">
                {isLocalId(member.id) && (
                  <Alert type="info">
                    <OfflineText textKey="offline.localRecord" />
                  </Alert>
                )}
                <StatusCards member={member} />
                <MemberDetails member={member} />
                {stage >= 2 && <MemberPlots member={member} />}
                {stage >= 2 && <MemberSeason member={member} />}
                {stage >= 3 && (
                  <ColumnLayout columns={2}>
                    <CashoutForm member={member} />
                    <ContributionForm member={member} plots={member.plots} />
                  </ColumnLayout>
                )}
              </SpaceBetween>
            ),
          },
          {
            id: 'contributions',
            label: t('members.member.tabs.contributions'),
            content: <ContributionsTab member={member} />,
          },
          {
            id: 'benefits',
            label: t('members.member.tabs.benefits'),
            content: <BenefitsTab member={member} />,
          },
          ...(user.role === 'ADMIN' && !isLocalId(member.id)
            ? [
                {
                  id: 'history',
                  label: t('members.member.tabs.history'),
                  content: (
                    <Suspense
                      fallback={<LoadState status="loading" text={t('members.member.historyLoading')} />}
                    >
                      <HistoryTab memberId={member.id} />
                    </Suspense>
                  ),
                },
              ]
            : []),
        ]}
      />
    </ContentLayout>
  );
}
