import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import type { TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import {
  BENEFIT_ROW_SEARCH_MAX_LENGTH,
  benefitRowsQuery,
  type BenefitRowSortField,
} from '@cpbo/schemas/benefit-run-query.ts';
import { benefitRowRefusals } from '@cpbo/schemas/benefit-runs.ts';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useBenefitRows } from '../../../api/benefit-runs-queries.ts';
import type { BenefitRow, BenefitRun, BenefitRowsQuery } from '../../../api/benefit-runs.ts';
import { RowLink } from '../../../common/ui/row-link.tsx';
import { useDebounced } from '../../../common/ui/use-debounced.ts';
import { paths } from '../../../navigation/paths.ts';
import { FilterSelect } from './filter-select.tsx';
import { MemberCell } from './member-cell.tsx';
import { useRunFormats, type RunFormats } from './run-formats.ts';
import { PreviewTable } from './preview-table.tsx';
import { usePreviewPaging } from './use-preview-paging.ts';

type Column = TableProps.ColumnDefinition<BenefitRow> & { id: string };
type Status = NonNullable<BenefitRowsQuery['filters']['status']>;
type Reason = NonNullable<BenefitRowsQuery['filters']['reason']>;

const sortable = (field: BenefitRowSortField) => ({ id: field, sortingField: field });

/** Every column a preview row can show; each table picks its own. */
function useRowColumns(formats: RunFormats, reversal: boolean): Record<string, Column> {
  const { t } = useTranslation();
  const reasonOf = (row: BenefitRow) => (row.reason ? t(`benefitRuns.reasons.${row.reason}`) : '');
  return {
    row: { ...sortable('row'), header: t('benefitRuns.rows.columns.row'), cell: (row) => row.row },
    plot: {
      ...sortable('plotName'),
      header: t('benefitRuns.rows.columns.plot'),
      isRowHeader: true,
      cell: (row) =>
        row.plotId && row.memberId ? (
          <RowLink href={paths.plot(row.memberId, row.plotId)}>{row.plotName ?? row.plotId}</RowLink>
        ) : (
          (row.plotId ?? '-')
        ),
    },
    member: {
      ...sortable('memberName'),
      header: t('benefitRuns.rows.columns.member'),
      cell: (row) =>
        row.memberId ? (
          <MemberCell memberId={row.memberId} name={row.memberName ?? ''} number={row.memberNumber} />
        ) : (
          '-'
        ),
    },
    village: {
      ...sortable('village'),
      header: t('benefitRuns.rows.columns.village'),
      cell: (row) => row.village ?? '-',
    },
    federation: {
      ...sortable('federation'),
      header: t('benefitRuns.rows.columns.federation'),
      cell: (row) => row.federation ?? '-',
    },
    maximum: {
      ...sortable('maximum'),
      header: t('benefitRuns.rows.columns.maximum'),
      cell: (row) => formats.amount(row.maximum),
    },
    // Months are numbered from 1, as the configuration numbers its factors.
    month: {
      ...sortable('month'),
      header: t('benefitRuns.rows.columns.month'),
      cell: (row) =>
        row.month === null
          ? '-'
          : t('benefitRuns.rows.monthFactor', {
              month: formats.count(row.month),
              factor: formats.ratio(row.factor),
            }),
    },
    damageIndex: {
      ...sortable('damageIndex'),
      header: t('benefitRuns.rows.columns.damageIndex'),
      cell: (row) => formats.ratio(row.damageIndex),
    },
    contributions: {
      ...sortable('seasonContributions'),
      header: t('benefitRuns.rows.columns.contributions'),
      cell: (row) =>
        row.seasonContributions === null
          ? '-'
          : t('benefitRuns.rows.paidOfDue', {
              paid: formats.amount(row.seasonContributions),
              due: formats.amount(row.contributionsDue),
            }),
    },
    paidShare: {
      ...sortable('paidShare'),
      header: t('benefitRuns.rows.columns.paidShare'),
      cell: (row) => formats.ratio(row.paidShare),
    },
    givenAmount: {
      id: 'givenAmount',
      header: reversal ? t('benefitRuns.rows.columns.takenBack') : t('benefitRuns.rows.columns.givenAmount'),
      cell: (row) => formats.amount(row.givenAmount),
    },
    bank: {
      id: 'bank',
      header: t('benefitRuns.rows.columns.bank'),
      cell: (row) => (
        <>
          {row.bankAccount === null
            ? t('benefitRuns.rows.noBank')
            : t('benefitRuns.rows.bankOf', {
                bank: [row.bankName, row.bankBranchName, row.bankIFSC].filter(Boolean).join(', ') || '-',
                account: row.bankAccount,
              })}
          {row.bankChanged && (
            <Box>
              <StatusIndicator type="warning">{t('benefitRuns.rows.bankChanged')}</StatusIndicator>
            </Box>
          )}
        </>
      ),
    },
    benefit: {
      ...sortable('benefit'),
      header: reversal ? t('benefitRuns.rows.columns.takenBack') : t('benefitRuns.rows.columns.benefit'),
      cell: (row) => <Box fontWeight="bold">{formats.amount(row.benefit)}</Box>,
    },
    status: {
      ...sortable('status'),
      header: t('benefitRuns.rows.columns.status'),
      cell: (row) =>
        row.status === 'ACCEPTED'
          ? t('benefitRuns.rows.accepted')
          : t('benefitRuns.rows.refusedBecause', { reason: reasonOf(row) }),
    },
    reason: {
      ...sortable('reason'),
      header: t('benefitRuns.rows.columns.reason'),
      cell: reasonOf,
    },
  };
}

/**
 * Each table's columns in the rule's order (the Maximum × the month's factor × the index × the paid
 * share = the benefit), then whom it pays; the status and the benefit stay in sight at the end.
 */
const allRowsColumns = [
  'row',
  'plot',
  'member',
  'maximum',
  'month',
  'damageIndex',
  'contributions',
  'paidShare',
  'bank',
  'status',
  'benefit',
];
const refusedColumns = [
  'row',
  'plot',
  'member',
  'village',
  'damageIndex',
  'givenAmount',
  'maximum',
  'reason',
];
const reversalColumns = ['row', 'plot', 'member', 'givenAmount', 'bank', 'status', 'benefit'];

export interface RowsTableProps {
  run: BenefitRun;
  /** The refused rows only, with their reasons (else every row, with its inputs). */
  refused?: boolean;
}

/**
 * The preview's rows, paged, sorted by one column and filtered by the server: every row with the
 * inputs of its benefit, or the refused ones with their reasons.
 */
export function RowsTable({ run, refused = false }: RowsTableProps) {
  const { t } = useTranslation();
  const formats = useRunFormats(run);
  const reversal = run.kind === 'REVERSAL';
  const columns = useRowColumns(formats, reversal);
  const paging = usePreviewPaging(
    benefitRowsQuery.defaultSort,
    refused ? 'benefitRunRefused' : 'benefitRunRows',
  );
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim());
  const [status, setStatus] = useState<Status | undefined>();
  const [reason, setReason] = useState<Reason | undefined>();
  const [federation, setFederation] = useState<string | undefined>();
  const query: BenefitRowsQuery = {
    page: paging.page,
    pageSize: paging.pageSize,
    sort: paging.sort,
    filters: {
      status: refused ? 'REFUSED' : status,
      reason: refused ? reason : undefined,
      federation,
      search,
    },
  };
  const rows = useBenefitRows(run, query, paging.ready);
  const filtered = search !== '' || federation !== undefined || (refused ? reason : status) !== undefined;
  const clearFilters = () => {
    setSearchText('');
    setStatus(undefined);
    setReason(undefined);
    setFederation(undefined);
    paging.toFirstPage();
  };
  const choose =
    <Value extends string>(set: (value: Value | undefined) => void) =>
    (value: string | undefined) => {
      set(value as Value | undefined);
      paging.toFirstPage();
    };

  const anyOption = (label: string) => ({ value: '', label });
  const statusOptions = [
    anyOption(t('benefitRuns.rows.filters.anyStatus')),
    { value: 'ACCEPTED', label: t('benefitRuns.rows.accepted') },
    { value: 'REFUSED', label: t('benefitRuns.rows.refused') },
  ];
  const refusedByReason = run.preview?.refusedByReason ?? {};
  const reasonOptions = [
    anyOption(t('benefitRuns.rows.filters.anyReason')),
    ...benefitRowRefusals
      .filter((each) => refusedByReason[each] !== undefined)
      .map((each) => ({
        value: each,
        label: t('benefitRuns.rows.filters.reasonCount', {
          reason: t(`benefitRuns.reasons.${each}`),
          count: refusedByReason[each],
        }),
      })),
  ];
  const federationOptions = [
    anyOption(t('benefitRuns.rows.filters.anyFederation')),
    ...(run.preview?.perFederation ?? []).flatMap(({ federation: name }) =>
      name === null ? [] : [{ value: name, label: name }],
    ),
  ];
  return (
    <PreviewTable
      title={refused ? t('benefitRuns.rows.refusedTitle') : t('benefitRuns.rows.title')}
      description={refused ? t('benefitRuns.rows.refusedDescription') : t('benefitRuns.rows.description')}
      columns={(refused ? refusedColumns : reversal ? reversalColumns : allRowsColumns).flatMap(
        (id) => columns[id] ?? [],
      )}
      trackBy="row"
      page={rows.data}
      paging={paging}
      // The status and the benefit (the reason of a refused row) stay in sight on a narrow screen.
      stickyLast={refused ? 1 : 2}
      filtered={filtered}
      onClearFilters={clearFilters}
      noMatch={t('benefitRuns.rows.noMatch')}
      empty={refused ? t('benefitRuns.rows.noneRefused') : t('benefitRuns.rows.empty')}
      filters={
        <>
          <FormField label={t('benefitRuns.rows.filters.search')}>
            <TextFilter
              filteringText={searchText}
              filteringPlaceholder={t('benefitRuns.rows.filters.searchPlaceholder')}
              filteringAriaLabel={t('benefitRuns.rows.filters.search')}
              filteringClearAriaLabel={t('benefitRuns.rows.filters.clearSearch')}
              onChange={({ detail }) => {
                setSearchText(detail.filteringText.slice(0, BENEFIT_ROW_SEARCH_MAX_LENGTH));
                paging.toFirstPage();
              }}
            />
          </FormField>
          {refused ? (
            <FilterSelect
              label={t('benefitRuns.rows.filters.reason')}
              options={reasonOptions}
              value={reason}
              onChange={choose<Reason>(setReason)}
            />
          ) : (
            <FilterSelect
              label={t('benefitRuns.rows.filters.status')}
              options={statusOptions}
              value={status}
              onChange={choose<Status>(setStatus)}
            />
          )}
          <FilterSelect
            label={t('benefitRuns.rows.filters.federation')}
            options={federationOptions}
            value={federation}
            onChange={choose(setFederation)}
          />
        </>
      }
    />
  );
}
