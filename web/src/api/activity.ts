import type { ActivityPage, AuditKind } from '@cpbo/schemas/activity.ts';
import { apiFetch } from './api-client.ts';

// The audit trail as the API names it (schemas/activity.ts).
export type { ActivityEntry, ActivityPage, AuditKind } from '@cpbo/schemas/activity.ts';

export interface ActivityRequest {
  /** The instants the day shown starts and ends at, in the user's time zone. */
  from: string;
  to: string;
  kind: AuditKind | null;
  before: string | null;
  pageSize: number;
}

/** Who changed what in the current enabler and the administration, newest first, a page from `before`. */
export const listActivity = ({ from, to, kind, before, pageSize }: ActivityRequest) =>
  apiFetch<ActivityPage>('/admin/activity', {
    query: { from, to, kind: kind ?? undefined, before: before ?? undefined, pageSize },
  });

/** A member's changes, newest first. */
export const memberHistory = (
  memberId: string,
  { before, pageSize }: Pick<ActivityRequest, 'before' | 'pageSize'>,
) =>
  apiFetch<ActivityPage>(`/admin/members/${encodeURIComponent(memberId)}/history`, {
    query: { before: before ?? undefined, pageSize },
  });
