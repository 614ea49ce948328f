import { useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { fromCents } from '@cpbo/schemas/money.ts';
import type { ActivityEntry } from '../../api/activity.ts';
import { paths } from '../../navigation/paths.ts';
import { useFollow } from '../../browser/use-follow.ts';
import { formatDate, formatDateTime } from '../format/format.ts';
import { useMemberFormats } from '../format/use-member-formats.ts';
import { TableEmptyState, TableLoadingState } from '../ui/table-states.tsx';
import { actionKeyOf, changesOf, fieldLabelKey, type FieldChange, type FieldValue } from './activity-text.ts';
import './activity-table.css';

const NOT_SET = '—';
const day = /^\d{4}-\d{2}-\d{2}$/;
const instant = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/;

/** A field's value as the screens write it: money in the currency, days and instants, roles, yes and no. */
function useFieldValue() {
  const { t } = useTranslation();
  const formats = useMemberFormats();
  return (field: string, value: FieldValue | undefined): string => {
    if (value === null || value === undefined || value === '') return NOT_SET;
    if (typeof value === 'boolean')
      return field === 'gender'
        ? t(value ? 'members.gender.female' : 'members.gender.male')
        : t(value ? 'activity.values.yes' : 'activity.values.no');
    if (typeof value === 'number')
      return field.endsWith('Cents') ? formats.amount(fromCents(value)) : String(value);
    if (field === 'role') return t(`roles.${value}`, { defaultValue: value });
    if (field === 'protectionType') return t(`members.protectionTypes.${value}`, { defaultValue: value });
    if (field === 'blocked') return t(`activity.values.blocked.${value}`, { defaultValue: value });
    if (field === 'logo' || field === 'banner') return t('activity.values.image');
    if (day.test(value)) return formatDate(value);
    if (instant.test(value)) return formatDateTime(value);
    return value;
  };
}

/** A field's change: "Bank account: 001 → 002", or its value alone for a creation or a deletion. */
function Change({ change }: { change: FieldChange }) {
  const { t } = useTranslation();
  const valueOf = useFieldValue();
  const label = t(fieldLabelKey(change.field), { defaultValue: change.field });
  const shown =
    'before' in change && 'after' in change
      ? t('activity.change', {
          before: valueOf(change.field, change.before),
          after: valueOf(change.field, change.after),
        })
      : valueOf(change.field, 'after' in change ? change.after : change.before);
  return (
    <li>
      <Box variant="span" fontWeight="bold">
        {label}
      </Box>
      {t('activity.fieldSeparator')}
      {shown}
    </li>
  );
}

/** What the entry is about: its member (a link), its plot or record, an account, an enabler, a run. */
function Record({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation();
  const follow = useFollow();
  const type = t(`activity.types.${entry.recordType}`);
  if (entry.recordType === 'BENEFIT_RUN')
    return (
      <Link href={paths.benefitRun(entry.recordId)} onFollow={follow}>
        {t('activity.record.run', { assessment: entry.label ?? entry.recordId })}
      </Link>
    );
  if (entry.recordType === 'USER')
    return (
      <SpaceBetween size="xxxs">
        <span>{t('activity.record.account', { name: entry.label ?? entry.recordId })}</span>
        <Box variant="small">{entry.recordId}</Box>
      </SpaceBetween>
    );
  if (entry.recordType === 'ENABLER' || entry.recordType === 'CONFIG')
    return (
      <span>
        {t(`activity.record.${entry.recordType}`, { name: entry.enablerName ?? entry.label ?? NOT_SET })}
      </span>
    );
  const member = entry.memberName
    ? t('activity.record.member', { name: entry.memberName, number: entry.memberNumber ?? NOT_SET })
    : t('activity.record.removedMember');
  return (
    <SpaceBetween size="xxxs">
      {entry.memberId && entry.memberName ? (
        <Link href={paths.member(entry.memberId)} onFollow={follow}>
          {member}
        </Link>
      ) : (
        <span>{member}</span>
      )}
      {entry.recordType !== 'MEMBER' && (
        <Box variant="small">
          {entry.label ? t('activity.record.named', { type, name: entry.label }) : type}
        </Box>
      )}
    </SpaceBetween>
  );
}

export interface ActivityTableProps {
  entries: ActivityEntry[] | undefined;
  loading: boolean;
  failed: boolean;
  header: ReactNode;
  filter?: ReactNode;
  pagination: ReactNode;
  preferences?: ReactNode;
  /** Without the record column: a member's history is all the member's. */
  ofOneMember?: boolean;
  emptyText: string;
  retry: () => void;
}

/** The audit trail's entries: when, who, what was done, to what, and what changed. */
export function ActivityTable(props: ActivityTableProps) {
  const { t } = useTranslation();
  const columns: TableProps.ColumnDefinition<ActivityEntry & { key: string }>[] = [
    {
      id: 'at',
      header: t('activity.columns.at'),
      cell: (entry) => formatDateTime(entry.at),
      isRowHeader: true,
    },
    {
      id: 'by',
      header: t('activity.columns.by'),
      cell: (entry) => (
        <SpaceBetween size="xxxs">
          <span>{entry.byName ?? entry.by}</span>
          {entry.byName && <Box variant="small">{entry.by}</Box>}
        </SpaceBetween>
      ),
    },
    {
      id: 'action',
      header: t('activity.columns.action'),
      cell: (entry) => t(`activity.actions.${actionKeyOf(entry)}`),
    },
    ...(props.ofOneMember
      ? []
      : [
          {
            id: 'record',
            header: t('activity.columns.record'),
            cell: (entry: ActivityEntry) => <Record entry={entry} />,
          },
        ]),
    ...(props.ofOneMember
      ? [
          {
            id: 'record',
            header: t('activity.columns.record'),
            cell: (entry: ActivityEntry) =>
              entry.recordType === 'MEMBER'
                ? t('activity.types.MEMBER')
                : entry.label
                  ? t('activity.record.named', {
                      type: t(`activity.types.${entry.recordType}`),
                      name: entry.label,
                    })
                  : t(`activity.types.${entry.recordType}`),
          },
        ]
      : []),
    {
      id: 'changes',
      header: t('activity.columns.changes'),
      cell: (entry) => {
        const changes = changesOf(entry);
        return changes.length === 0 ? (
          NOT_SET
        ) : (
          <ul className="activity-changes">
            {changes.map((change) => (
              <Change key={change.field} change={change} />
            ))}
          </ul>
        );
      },
    },
  ];
  // The rows that came are drawn in a transition, which React renders in short slices (as the admin tables').
  const entries = useDeferredValue(props.entries);
  // Rows that came but are not drawn yet are still loading, not missing.
  const loading = props.loading || entries !== props.entries;
  const items = (entries ?? []).map((entry, index) => ({ ...entry, key: `${entry.at}#${index}` }));
  return (
    <Table
      variant="full-page"
      wrapLines
      trackBy="key"
      items={items}
      loading={loading && entries === undefined}
      loadingText={t('activity.loading')}
      columnDefinitions={columns}
      header={props.header}
      filter={props.filter}
      pagination={props.pagination}
      preferences={props.preferences}
      empty={
        loading ? (
          <TableLoadingState text={t('activity.loading')} />
        ) : props.failed ? (
          <TableEmptyState
            title={t('activity.failed')}
            action={
              <Link variant="primary" onFollow={props.retry}>
                {t('activity.retry')}
              </Link>
            }
          />
        ) : (
          <TableEmptyState title={props.emptyText} />
        )
      }
    />
  );
}
