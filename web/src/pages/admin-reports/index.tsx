import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useReportPage } from '../../api/operations-queries.ts';
import { reportTablePaging, type MobileReport } from '../../api/operations.ts';
import { formatDateTime } from '../../common/format/format.ts';
import { saveJsonFile } from '../../browser/save-json-file.ts';
import { TableEmptyState } from '../../common/ui/table-states.tsx';
import { useNumberedPages } from '../../common/admin-table/numbered-pages.tsx';
import { useDocumentTitle } from '../../browser/use-document-title.ts';
import { adminScreenTexts } from '../../navigation/screen-texts.ts';

/** Spec section 9: the name of a downloaded report. */
export const REPORT_FILE_NAME = 'report.json';

/** The mobile app's reports, newest first, paged by the server; each one downloads as report.json. */
export function AdminReportsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('screens.adminReports'));
  const paging = useNumberedPages(
    (size) => t('adminReports.pageSize', { size }),
    reportTablePaging,
    'adminReports',
  );
  const { page, pageSize, all } = paging;
  const reports = useReportPage({ page, pageSize, all }, paging.ready);
  const count = reports.data?.count ?? 0;

  const columnDefinitions: TableProps.ColumnDefinition<MobileReport>[] = [
    {
      id: 'receivedAt',
      header: t('adminReports.columns.receivedAt'),
      cell: (report) => formatDateTime(report.receivedAt),
      isRowHeader: true,
    },
    { id: 'user', header: t('adminReports.columns.user'), cell: (report) => report.user },
    {
      id: 'device',
      header: t('adminReports.columns.device'),
      cell: (report) => `${report.deviceManufacturer} ${report.deviceModel}`,
    },
    { id: 'env', header: t('adminReports.columns.env'), cell: (report) => report.env },
    { id: 'version', header: t('adminReports.columns.version'), cell: (report) => report.version },
    {
      id: 'appIdentifier',
      header: t('adminReports.columns.appIdentifier'),
      cell: (report) => report.appIdentifier,
    },
    {
      id: 'download',
      header: t('adminReports.columns.download'),
      cell: (report) => (
        <Button
          variant="inline-icon"
          iconName="download"
          ariaLabel={t('adminReports.download', {
            user: report.user,
            date: formatDateTime(report.receivedAt),
          })}
          onClick={() => saveJsonFile(REPORT_FILE_NAME, report)}
        />
      ),
    },
  ];

  return (
    <Table
      variant="full-page"
      items={reports.data?.reports ?? []}
      columnDefinitions={columnDefinitions}
      trackBy="_id"
      loading={reports.isFetching && !reports.data}
      loadingText={t(adminScreenTexts.adminReports.loading)}
      empty={
        <TableEmptyState title={t('adminReports.empty.title')} message={t('adminReports.empty.message')} />
      }
      header={
        <Header
          variant="h1"
          counter={reports.data ? `(${count})` : undefined}
          description={t(adminScreenTexts.adminReports.description)}
          actions={
            <Button
              iconName="refresh"
              ariaLabel={t('adminReports.refresh')}
              loading={reports.isFetching}
              onClick={() => void reports.refetch()}
            />
          }
        >
          {t('screens.adminReports')}
        </Header>
      }
      pagination={paging.pagination(count)}
      preferences={paging.preferences(reports.data !== undefined)}
    />
  );
}
