import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Tabs from '@cloudscape-design/components/tabs';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { adminScreenTexts } from '../../navigation/screen-texts.ts';
import { ActivityView } from './components/activity-view.tsx';
import { ApplicationLog } from './components/application-log.tsx';

/**
 * Logs: the activity, who changed what today (named people and records, before and after), and the
 * application's log by level.
 */
export function AdminLogsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.adminLogs'));
  const [tab, setTab] = useState('activity');
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t(adminScreenTexts.adminLogs.description)}>
          {t('screens.adminLogs')}
        </Header>
      }
    >
      <Tabs
        activeTabId={tab}
        onChange={({ detail }) => setTab(detail.activeTabId)}
        ariaLabel={t('screens.adminLogs')}
        tabs={[
          { id: 'activity', label: t('adminLogs.tabs.activity'), content: <ActivityView /> },
          { id: 'log', label: t('adminLogs.tabs.log'), content: <ApplicationLog /> },
        ]}
      />
    </ContentLayout>
  );
}
