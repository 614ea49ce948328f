import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { useMember } from '../../api/members-queries.ts';
import { screenTitleKey } from '../../navigation/screens.ts';
import { LoadState } from '../../common/ui/load-state.tsx';
import { useDocumentTitle } from '../../common/browser/use-document-title.ts';
import { BenefitsTab } from './components/benefits-tab.tsx';
import { CashoutForm } from './components/cashout-form.tsx';
import { ContributionForm } from '../../common/money/contribution-form.tsx';
import { ContributionsTab } from './components/contributions-tab.tsx';
import { MemberDetails } from './components/member-details.tsx';
import { MemberPlots } from './components/member-plots.tsx';
import { StatusCards } from './components/status-cards.tsx';

/** One member: status, details, plots, payments and contributions (Overview), and the records. */
export function MemberPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: member, isError, refetch } = useMember(id);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(member?.name ?? t(screenTitleKey('member')));

  const notices: FlashbarProps.MessageDefinition[] = notice
    ? [
        {
          type: 'success',
          content: notice,
          dismissible: true,
          dismissLabel: t('members.member.dismiss'),
          onDismiss: () => setNotice(null),
          id: 'recorded',
        },
      ]
    : [];

  if (!member) {
    return (
      <ContentLayout header={<Header variant="h1">{t(screenTitleKey('member'))}</Header>}>
        {isError ? (
          <LoadState
            status="error"
            text={t('members.member.failed')}
            action={<Button onClick={() => void refetch()}>{t('members.member.retry')}</Button>}
          />
        ) : (
          <LoadState status="loading" text={t('members.member.loading')} />
        )}
      </ContentLayout>
    );
  }

  return (
    <ContentLayout
      notifications={notices.length ? <Flashbar items={notices} /> : undefined}
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
                <StatusCards member={member} />
                <MemberDetails member={member} />
                <MemberPlots member={member} />
                <ColumnLayout columns={2}>
                  <CashoutForm member={member} onPaid={setNotice} />
                  <ContributionForm member={member} plots={member.plots} onCollected={setNotice} />
                </ColumnLayout>
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
        ]}
      />
    </ContentLayout>
  );
}
