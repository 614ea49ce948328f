import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Pagination from '@cloudscape-design/components/pagination';
import { activityPageSizes } from '@cpbo/schemas/activity.ts';
import type { PreferenceTable } from '../../api/preferences.ts';
import { useTablePreferences } from '../../api/preferences-queries.ts';
import { paginationLabels } from '../admin-table/table-labels.ts';
import { PageSizeSelect } from '../admin-table/page-size-select.tsx';
import '../admin-table/numbered-pages.css';

const offered = activityPageSizes.map(Number);
const DEFAULT_SIZE = 25;

/**
 * Pages that the server reads from a cursor (the activity, a member's history): page 1 from the newest,
 * each next page from where the one before ended. The pager counts the pages seen, open at its end
 * while an older one exists; `resetKey` (the filters) starts again from page 1. The page size is kept
 * for the user on the server (`table`); a new size starts from the newest again, the only row a cursor
 * can keep in view being the first.
 */
export function useCursorPages(resetKey: string, table: PreferenceTable) {
  const { t } = useTranslation();
  const kept = useTablePreferences(table);
  const pageSize = offered.includes(kept.chosen.pageSize ?? 0)
    ? (kept.chosen.pageSize as number)
    : DEFAULT_SIZE;
  const key = `${resetKey}|${pageSize}`;
  const [state, setState] = useState({ key, cursors: [null] as (string | null)[], index: 0 });
  const current = state.key === key ? state : { key, cursors: [null], index: 0 };
  if (current !== state) setState(current);
  return {
    pageSize,
    ready: kept.ready,
    before: current.cursors[current.index] ?? null,
    /** The page-size choice and the pager, once the page shown knows where the next one starts (`next`: null when none). */
    pagination: (next: string | null | undefined, loading: boolean) => (
      <div className="numbered-pages">
        <PageSizeSelect
          offered={offered}
          choice={pageSize}
          withAll={false}
          sizeLabel={(size) => t('activity.pageSize', { size })}
          onChange={(size) => kept.save({ pageSize: Number(size) })}
          ariaLabel={t('activity.pageSizeLabel')}
        />
        <div className="numbered-pages__pager">
          <Pagination
            currentPageIndex={current.index + 1}
            pagesCount={current.cursors.length}
            openEnd={next !== null && next !== undefined && current.index === current.cursors.length - 1}
            disabled={loading}
            ariaLabels={paginationLabels(t)}
            onChange={({ detail }) => {
              const index = detail.currentPageIndex - 1;
              if (index >= current.cursors.length && !next) return;
              setState({
                ...current,
                index,
                cursors:
                  index >= current.cursors.length && next ? [...current.cursors, next] : current.cursors,
              });
            }}
          />
        </div>
      </div>
    ),
  };
}
