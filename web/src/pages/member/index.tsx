import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Tabs from '@cloudscape-design/components/tabs';
import { screenTitleKey } from '../../app/screens.ts';
import { useDocumentTitle } from '../../common/use-document-title.ts';
import { BenefitsTab } from './components/benefits-tab.tsx';
import { CashoutForm } from './components/cashout-form.tsx';
import { ContributionForm } from './components/contribution-form.tsx';
import { ContributionsTab } from './components/contributions-tab.tsx';
import { MemberDetails } from './components/member-details.tsx';
import { MemberPlots } from './components/member-plots.tsx';
import { StatusCards } from './components/status-cards.tsx';
import { useMember } from './components/use-member.ts';

/** One member: status, details, plots, payments and contributions (Overview), and the records. */
export function MemberPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { member, failed, reload } = useMember(id);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(member?.name ?? t(screenTitleKey('member')));

  const recorded = (message: string) => {
    setNotice(message);
    reload();
  };
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
        {failed ? (
          <Alert type="error" action={<Button onClick={reload}>{t('members.member.retry')}</Button>}>
            {t('members.member.failed')}
          </Alert>
        ) : (
          <StatusIndicator type="loading">{t('members.member.loading')}</StatusIndicator>
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
                  <CashoutForm member={member} onPaid={recorded} />
                  <ContributionForm member={member} onCollected={recorded} />
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
