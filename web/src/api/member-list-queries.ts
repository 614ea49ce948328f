import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryCacheNotifyEvent,
} from '@tanstack/react-query';
import { isoDateOf } from '@cpbo/schemas/coverage-dates.ts';
import type { MemberListQuery } from '@cpbo/schemas/member-list-query.ts';
import { isApiError } from './api-error.ts';
import { publishError } from './error-bus.ts';
import { listMembers } from './members.ts';
import { useOutboxRecord } from './offline/field-queries.ts';
import type { OutboxRecord } from './offline/queued-writes.ts';
import {
  storedMemberListPage,
  storedMemberRows,
  type StoredListPage,
  type StoredRow,
} from './offline/stored-member-list.ts';
import { queryKeys } from './query-keys.ts';

// Apart from the other member reads: the member list is a first screen, which carries only its own read.
/**
 * A page of the member list; the last page received stays while the next one loads. Not asked while the
 * device is offline (the library would hold it, spinning); a failure to reach the server is the caller's
 * (it answers from the device), any other goes to the error dialog.
 */
export const useMemberListPage = (query: MemberListQuery, online: boolean) =>
  useQuery({
    queryKey: queryKeys.members.list(query),
    queryFn: () =>
      listMembers(query, { errors: 'caller' }).catch((error: unknown) => {
        if (isApiError(error) && !error.isNetworkFailure) publishError(error);
        throw error;
      }),
    placeholderData: keepPreviousData,
    enabled: online,
  });

const noRows: StoredRow[] = [];
const unwatched = () => () => undefined;

/** Whether a change of the cache brings or takes a read (not an observer's own event, which every render makes). */
const changesReads = (event: QueryCacheNotifyEvent): boolean =>
  event.type === 'added' ||
  event.type === 'removed' ||
  (event.type === 'updated' && event.action.type === 'success');

/** The members the device holds while `watching`, read again as reads arrive (those kept come back offline). */
function useStoredRows(watching: boolean): StoredRow[] {
  const queryClient = useQueryClient();
  const record = useOutboxRecord();
  const held = useRef<{ record: OutboxRecord; rows: StoredRow[] } | null>(null);
  const subscribe = useCallback(
    (changed: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (!changesReads(event)) return;
        held.current = null;
        changed();
      }),
    [queryClient],
  );
  return useSyncExternalStore(watching ? subscribe : unwatched, () => {
    if (!watching) return noRows;
    if (held.current?.record !== record)
      held.current = { record, rows: storedMemberRows(queryClient, record) };
    return held.current.rows;
  });
}

/**
 * The list's query answered from what the device holds (the pages and members read, the members
 * registered on it), by the API's rules: the field agent's search and filters without network (issue 38).
 * Undefined while not `offline`.
 */
export function useStoredMemberList(query: MemberListQuery, offline: boolean): StoredListPage | undefined {
  const rows = useStoredRows(offline);
  return useMemo(
    () => (offline ? storedMemberListPage(rows, query, isoDateOf(new Date())) : undefined),
    [offline, rows, query],
  );
}
