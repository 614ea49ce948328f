import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { logLevels, type LogLevel } from '@cpbo/schemas/operations.ts';
import { useLogPage } from '../../../api/operations-queries.ts';
import type { LogLine } from '../../../api/operations.ts';
import { formatDateTime } from '../../../common/format/format.ts';
import { TableEmptyState } from '../../../common/ui/table-states.tsx';
import { useNumberedPages } from '../../../common/admin-table/numbered-pages.tsx';
import { shortMessage } from '../long-message.ts';

/**
 * The log opens at Information, which shows the day's events (uploads, approvals, deletions, new
 * administrators); the spec's Warning shows only refusals and failures (docs/decisions.md).
 */
const defaultLevel: LogLevel = 'info';
/** The radio lists the levels as the spec names them: warn, error, info, debug. */
const levelChoices: LogLevel[] = ['warn', 'error', 'info', 'debug'];

const isLevel = (value: string): value is LogLevel => (logLevels as readonly string[]).includes(value);

/** A message cut after 150 characters, with a button to show it whole (and to cut it again). */
function LogMessage({ message }: { message: string }) {
  const { t } = useTranslation();
  const [whole, setWhole] = useState(false);
  const { text, cut } = shortMessage(message);
  if (!cut) return <span className="log-message">{message}</span>;
  return (
    <SpaceBetween size="xxs">
      <span className="log-message">{whole ? message : text}</span>
      <Button variant="inline-link" onClick={() => setWhole(!whole)}>
        {whole ? t('adminLogs.showLess') : t('adminLogs.showAll')}
      </Button>
    </SpaceBetween>
  );
}

/** The application's log: the lines at or above a level, newest first, paged by the server. */
export function ApplicationLog() {
  const { t } = useTranslation();
  const [level, setLevel] = useState<LogLevel>(defaultLevel);
  const paging = useNumberedPages((size) => t('adminLogs.pageSize', { size }), undefined, 'adminLogs');
  const { page, pageSize, all } = paging;
  // A failure is shown by the error dialog; the table keeps the page it showed.
  const logs = useLogPage({ level, page, pageSize, all }, paging.ready);
  const count = logs.data?.count ?? 0;

  const columnDefinitions: TableProps.ColumnDefinition<LogLine>[] = [
    {
      id: 'timestamp',
      header: t('adminLogs.columns.date'),
      cell: (line) => formatDateTime(line.timestamp),
      isRowHeader: true,
    },
    {
      id: 'level',
      header: t('adminLogs.columns.level'),
      cell: (line) => t(`adminLogs.levels.${line.level}`),
    },
    {
      id: 'message',
      header: t('adminLogs.columns.message'),
      cell: (line) => <LogMessage message={line.message} />,
    },
  ];

  return (
    <Table
      variant="borderless"
      items={logs.data?.logs ?? []}
      columnDefinitions={columnDefinitions}
      wrapLines
      loading={logs.isFetching && !logs.data}
      loadingText={t('app.loading')}
      empty={<TableEmptyState title={t('adminLogs.empty.title')} message={t('adminLogs.empty.message')} />}
      header={
        <Header
          variant="h2"
          counter={logs.data ? `(${count})` : undefined}
          description={t('adminLogs.description')}
          actions={
            <Button
              iconName="refresh"
              ariaLabel={t('adminLogs.refresh')}
              loading={logs.isFetching}
              onClick={() => void logs.refetch()}
            />
          }
        >
          {t('adminLogs.tabs.log')}
        </Header>
      }
      filter={
        <Box>
          <RadioGroup
            ariaLabel={t('adminLogs.level')}
            value={level}
            items={levelChoices.map((choice) => ({ value: choice, label: t(`adminLogs.levels.${choice}`) }))}
            onChange={({ detail }) => {
              if (!isLevel(detail.value)) return;
              setLevel(detail.value);
              paging.toFirstPage();
            }}
          />
        </Box>
      }
      pagination={paging.pagination(count)}
      preferences={paging.preferences(logs.data !== undefined)}
    />
  );
}
