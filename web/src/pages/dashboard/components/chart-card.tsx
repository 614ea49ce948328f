import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { LoadState } from '../../../common/ui/load-state.tsx';
import { TableEmptyState } from '../../../common/ui/table-states.tsx';
import type { Answer } from '../dashboard-reads.ts';

export interface ChartCardProps<Data> {
  title: string;
  description: string;
  /** The read behind the chart (a TanStack query). */
  read: Answer<Data>;
  /** Whether an answer has nothing to draw. */
  isEmpty: (answer: Data) => boolean;
  emptyText: string;
  /** The chart's height, kept while it loads or shows a state, so that nothing below jumps. */
  height: number;
  children: (answer: Data) => ReactNode;
}

/** A chart in its container, or what stands for it while it loads, when it failed or has nothing to draw. */
export function ChartCard<Data>({
  title,
  description,
  read,
  isEmpty,
  emptyText,
  height,
  children,
}: ChartCardProps<Data>) {
  const { t } = useTranslation();
  const { data, isError } = read;
  let body: ReactNode;
  // A refresh that failed keeps the last answer: it still shows.
  if (data !== undefined) {
    body = isEmpty(data) ? <TableEmptyState title={emptyText} /> : children(data);
  } else if (isError) {
    body = (
      <LoadState
        status="error"
        action={<Button onClick={() => void read.refetch()}>{t('dashboard.retry')}</Button>}
      />
    );
  } else {
    body = <LoadState status="loading" text={t('dashboard.loading')} />;
  }
  const chartShown = data !== undefined && !isEmpty(data);
  return (
    <Container
      fitHeight
      header={
        <Header variant="h2" description={description}>
          {title}
        </Header>
      }
    >
      {chartShown ? (
        body
      ) : (
        <div className="dashboard-chart__state" style={{ minHeight: height }}>
          <Box textAlign="center">{body}</Box>
        </div>
      )}
    </Container>
  );
}
