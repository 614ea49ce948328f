import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import {
  currentId,
  resolveIds,
  type OutboxRecord,
  type QueuedWrite,
} from '../../../api/offline/queued-writes.ts';
import { errorMessage } from '../../../common/errors/error-message.ts';
import { duplicateMatchesIn } from '../../../common/members/duplicate-member.tsx';
import { useMemberFormats } from '../../../common/format/use-member-formats.ts';
import { RowLink } from '../../../common/ui/row-link.tsx';
import { paths } from '../../../navigation/paths.ts';
import { useNarrowScreen } from '../../../browser/use-narrow-screen.ts';

export interface WaitingTableProps {
  record: OutboxRecord;
  onCorrect: (write: QueuedWrite) => void;
  onDiscard: (write: QueuedWrite) => void;
}

const timeOf = (milliseconds: number, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(milliseconds);

/** The writes kept on the device, in the order they are sent, each with its state and what can be done. */
export function WaitingTable({ record, onCorrect, onDiscard }: WaitingTableProps) {
  const { t, i18n } = useTranslation();
  const formats = useMemberFormats();
  const narrow = useNarrowScreen();
  const language = i18n.resolvedLanguage ?? 'en';

  const details = (write: QueuedWrite): string => {
    switch (write.kind) {
      case 'member':
        return t('offline.list.details.member', { number: write.body.number, village: write.body.village });
      case 'plot':
        return t('offline.list.details.plot', {
          plot: write.body.name,
          amount: formats.amount(write.body.droughtMonthlyContrib),
        });
      case 'protection':
        return t('offline.list.details.protection', {
          plot: write.plotName,
          amount: formats.amount(write.body.droughtMonthlyContrib),
        });
      case 'contribution':
        return t('offline.list.details.contribution', {
          plot: write.plotName,
          amount: formats.amount(write.body.amount),
        });
      case 'cashout':
        return t('offline.list.details.cashout', { amount: formats.amount(write.body.amount) });
    }
  };

  const state = (write: QueuedWrite) => {
    if (write.state === 'refused') {
      const reason = write.refusal?.keyExpired
        ? t('offline.list.keyExpired')
        : errorMessage(t, write.refusal ?? { message: '' });
      // A member already registered: the way to it, to check before discarding this one.
      const existing =
        write.refusal?.code === 'ERR_DUPLICATE_MEMBER'
          ? duplicateMatchesIn(write.refusal.details)[0]?.memberId
          : undefined;
      return (
        <SpaceBetween size="xxs">
          <StatusIndicator type="error">{t('offline.list.states.refused', { reason })}</StatusIndicator>
          {existing && <RowLink href={paths.member(existing)}>{t('members.duplicate.open')}</RowLink>}
        </SpaceBetween>
      );
    }
    if (write.state === 'held')
      return <StatusIndicator type="stopped">{t('offline.list.states.held')}</StatusIndicator>;
    const resolved = resolveIds(write, record.serverIds);
    if ('waitsFor' in resolved) {
      const creator = record.writes.find(({ id }) => id === resolved.waitsFor);
      return (
        <StatusIndicator type="pending">
          {t('offline.list.states.waitsFor', { member: creator?.memberName ?? '' })}
        </StatusIndicator>
      );
    }
    if (write.unansweredAt !== undefined)
      return <StatusIndicator type="in-progress">{t('offline.list.states.unanswered')}</StatusIndicator>;
    return <StatusIndicator type="pending">{t('offline.list.states.waiting')}</StatusIndicator>;
  };

  const memberHref = (write: QueuedWrite) =>
    paths.member(currentId(record, write.kind === 'member' ? write.id : write.memberId));

  const kindOf = (write: QueuedWrite) => t(`offline.list.kinds.${write.kind}`);

  const actions = (write: QueuedWrite) => (
    <SpaceBetween direction="horizontal" size="xs">
      {write.state === 'refused' && (
        <Button
          variant="inline-link"
          ariaLabel={`${t('offline.list.correct')}: ${kindOf(write)}, ${write.memberName}`}
          onClick={() => onCorrect(write)}
        >
          {t('offline.list.correct')}
        </Button>
      )}
      <Button
        variant="inline-link"
        ariaLabel={`${t('offline.list.discard')}: ${kindOf(write)}, ${write.memberName}`}
        onClick={() => onDiscard(write)}
      >
        {t('offline.list.discard')}
      </Button>
    </SpaceBetween>
  );

  const wideColumns: TableProps.ColumnDefinition<QueuedWrite>[] = [
    { id: 'what', header: t('offline.list.columns.what'), cell: kindOf, isRowHeader: true },
    {
      id: 'member',
      header: t('offline.list.columns.member'),
      cell: (write) => <RowLink href={memberHref(write)}>{write.memberName}</RowLink>,
    },
    { id: 'details', header: t('offline.list.columns.details'), cell: details },
    {
      id: 'queuedAt',
      header: t('offline.list.columns.queuedAt'),
      cell: (write) => timeOf(write.queuedAt, language),
    },
    // Wide enough for a refusal's reason to wrap between words, not inside them.
    { id: 'state', header: t('offline.list.columns.state'), cell: state, minWidth: 240 },
    { id: 'actions', header: t('offline.list.columns.actions'), minWidth: 120, cell: actions },
  ];

  // A phone's width (issue 38): each write's state and actions in view without scrolling sideways.
  const narrowColumns: TableProps.ColumnDefinition<QueuedWrite>[] = [
    {
      id: 'what',
      header: t('offline.list.columns.what'),
      isRowHeader: true,
      cell: (write) => (
        <SpaceBetween size="xxs">
          <Box fontWeight="bold">{kindOf(write)}</Box>
          <RowLink href={memberHref(write)}>{write.memberName}</RowLink>
          <Box variant="small">{details(write)}</Box>
          <Box variant="small">{timeOf(write.queuedAt, language)}</Box>
        </SpaceBetween>
      ),
    },
    {
      id: 'state',
      header: t('offline.list.columns.state'),
      cell: (write) => (
        <SpaceBetween size="xs">
          {state(write)}
          {actions(write)}
        </SpaceBetween>
      ),
    },
  ];

  return (
    <Table
      variant="container"
      trackBy="id"
      items={record.writes}
      ariaLabels={{ tableLabel: t('offline.list.title') }}
      wrapLines
      columnDefinitions={narrow ? narrowColumns : wideColumns}
      empty={
        <Box textAlign="center" color="inherit" padding="s">
          {t('offline.list.empty')}
        </Box>
      }
    />
  );
}
