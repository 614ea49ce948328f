import { useMemo, useSyncExternalStore } from 'react';
import { useMember } from '../members-queries.ts';
import type { MemberDetail } from '../members.ts';
import { usePlot, usePlotOwner } from '../plots-queries.ts';
import type { Plot, PlotOwner } from '../plots.ts';
import { localMember, localPlot, withQueuedWrites } from './local-records.ts';
import { outbox } from './outbox.ts';
import { currentId, type OutboxRecord } from './queued-writes.ts';
import { isLocalId } from './local-ids.ts';

/** The account's queue on the device, as it changes. */
export const useOutboxRecord = (): OutboxRecord => useSyncExternalStore(outbox.subscribe, outbox.current);

/**
 * A screen's read: the data (undefined while it is not there), whether it failed, whether it waits for a
 * network it never had (offline, not read before), and the server's id once a record created on the
 * device was numbered (the screen moves to it).
 */
export interface FieldRead<T> {
  data: T | undefined;
  isError: boolean;
  notReadOffline: boolean;
  refetch: () => void;
  serverId: string | undefined;
}

const readOf = <T>(
  query: { data: T | undefined; isError: boolean; fetchStatus: string; refetch: () => unknown },
  data: T | undefined,
  serverId: string | undefined,
): FieldRead<T> => ({
  data,
  isError: query.isError,
  notReadOffline: data === undefined && query.fetchStatus === 'paused',
  refetch: () => void query.refetch(),
  serverId,
});

/** A member of the field screens: the server's (with the plots queued for it) or one the device registered. */
export function useFieldMember(memberId: string): FieldRead<MemberDetail> {
  const record = useOutboxRecord();
  const local = isLocalId(memberId);
  const query = useMember(local ? undefined : memberId);
  const data = useMemo(
    () => (local ? localMember(record, memberId) : query.data && withQueuedWrites(record, query.data)),
    [local, record, memberId, query.data],
  );
  return readOf(query, data, record.serverIds[memberId]);
}

/**
 * A plot of the field screens: the server's, or one queued on the device; `memberId` is its member's
 * server id once known (the plot's own address then moves to both).
 */
export function useFieldPlot(memberId: string, plotId: string): FieldRead<Plot> & { memberId: string } {
  const record = useOutboxRecord();
  const local = isLocalId(plotId);
  const query = usePlot(memberId, plotId, { enabled: !local });
  const data = local ? localPlot(record, memberId, plotId) : query.data;
  return { ...readOf(query, data, record.serverIds[plotId]), memberId: currentId(record, memberId) };
}

/** Who a new plot is for: the server's member, or one the device registered. */
export function useFieldPlotOwner(memberId: string): PlotOwner | undefined {
  const record = useOutboxRecord();
  const local = isLocalId(memberId);
  const owner = usePlotOwner(memberId, { enabled: !local });
  const queued = local ? localMember(record, memberId) : undefined;
  return queued ? { id: queued.id, name: queued.name, number: queued.number } : owner;
}
