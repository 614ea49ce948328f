import { apiFetch } from '../api/api-client.ts';
import { keepEarlyRead, outlinedAnswer, outlinedRead } from '../api/early-reads.ts';
import { memberPath, myEnablerPath, plotPath } from '../api/resource-paths.ts';
import { screens, type ScreenId } from '../navigation/screens.ts';
import { pathParams, screenAt } from './screen-code.ts';
import type { OutlineMember } from './shell/outline.ts';

type Params = Record<string, string>;

/**
 * What a signed-in screen reads first, by API address: a member's page its member and the enabler's cover
 * terms, a plot's page its plot and its member too, the new-plot form its member and the latest config.
 */
const firstReads: Partial<Record<ScreenId, (params: Params) => string[]>> = {
  member: ({ id = '' }) => [memberPath(id), myEnablerPath],
  newPlot: ({ memberId = '' }) => [memberPath(memberId), myEnablerPath],
  plot: ({ memberId = '', plotId = '' }) => [plotPath(memberId, plotId), memberPath(memberId), myEnablerPath],
};

/** The API addresses the signed-in screen at an address reads first (none for most screens). */
export function firstReadsAt(pathname: string): string[] {
  const screen = screens.find(({ id }) => id === screenAt(pathname, 'signedIn'));
  const reads = screen && firstReads[screen.id];
  const params = screen && pathParams(screen.path, pathname);
  return reads && params ? reads(params) : [];
}

/**
 * Begins the first reads of the screen at an address with the restored session's access token; the screen's
 * own reads take their answers (api/early-reads.ts).
 */
export function startFirstReads(pathname: string, accessToken: string): void {
  for (const path of firstReadsAt(pathname)) {
    keepEarlyRead(path, apiFetch(path, { auth: { bearer: accessToken }, errors: 'caller' }));
  }
}

/**
 * The API address of the member the signed-in screen at an address is about, if it names one (`:memberId`, or
 * the member's page's `:id`).
 */
export function memberReadAt(pathname: string): string | undefined {
  const screen = screens.find(({ id }) => id === screenAt(pathname, 'signedIn'));
  const params = screen && pathParams(screen.path, pathname);
  const memberId = params?.memberId ?? (screen?.id === 'member' ? params?.id : undefined);
  return memberId === undefined ? undefined : memberPath(memberId);
}

/**
 * The member the outline of the screen at an address names, as its early read answers (rejected when the
 * address names none, or the read fails: the screen then draws without an outline).
 */
export function outlinedMember(pathname: string): Promise<OutlineMember> {
  const path = memberReadAt(pathname);
  const read = path === undefined ? undefined : outlinedRead<OutlineMember>(path);
  return read ?? Promise.reject(new Error(`No early read of the member of ${pathname}`));
}

/** That member once its read has come: what React's outline draws again. */
export function outlinedMemberNow(pathname: string): OutlineMember | undefined {
  const path = memberReadAt(pathname);
  return path === undefined ? undefined : outlinedAnswer<OutlineMember>(path);
}
