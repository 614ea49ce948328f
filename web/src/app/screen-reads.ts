import { apiFetch } from '../api/api-client.ts';
import { keepEarlyRead, outlinedAnswer, outlinedRead } from '../api/early-reads.ts';
import { benefitRunPath, memberPath, myEnablerPath, plotPath } from '../api/resource-paths.ts';
import { screens, type ScreenId } from '../navigation/screens.ts';
import { pathParams, screenAt } from './screen-code.ts';
import type { OutlineMember, OutlinePlot, OutlineRun } from './shell/outline.ts';

type Params = Record<string, string>;

/**
 * What a signed-in screen reads first, by API address: a member's page its member and the enabler's cover
 * terms, a plot's page its plot and its member too, the new-plot form its member and the latest config, a
 * benefit run's page the run (an administrator's).
 */
const firstReads: Partial<Record<ScreenId, (params: Params) => string[]>> = {
  member: ({ id = '' }) => [memberPath(id), myEnablerPath],
  newPlot: ({ memberId = '' }) => [memberPath(memberId), myEnablerPath],
  plot: ({ memberId = '', plotId = '' }) => [plotPath(memberId, plotId), memberPath(memberId), myEnablerPath],
  benefitRun: ({ id = '' }) => [benefitRunPath(id)],
};

/**
 * The signed-in screen at an address (of any role, or an administrator's), with the parameters its path names
 * (`:id`, `:memberId`…). A user of another role at an administrator's address reads for nothing: the API
 * refuses, and the screen says it is not theirs.
 */
const signedInScreenAt = (pathname: string): { id: ScreenId; params: Params } | undefined => {
  const at = screenAt(pathname, 'signedIn') ?? screenAt(pathname, 'admin');
  const screen = screens.find(({ id }) => id === at);
  const params = screen && pathParams(screen.path, pathname);
  return screen && params ? { id: screen.id, params } : undefined;
};

/** The API addresses the signed-in screen at an address reads first (none for most screens). */
export function firstReadsAt(pathname: string): string[] {
  const screen = signedInScreenAt(pathname);
  const reads = screen && firstReads[screen.id];
  return reads && screen ? reads(screen.params) : [];
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
  const screen = signedInScreenAt(pathname);
  const memberId =
    screen?.id === 'member'
      ? screen.params.id
      : screen?.id === 'newPlot' || screen?.id === 'plot'
        ? screen.params.memberId
        : undefined;
  return memberId === undefined ? undefined : memberPath(memberId);
}

/** An early read's answer for an outline (rejected when there is none: the screen then draws without it). */
const outlinedAt = <T>(path: string | undefined, pathname: string): Promise<T> => {
  const read = path === undefined ? undefined : outlinedRead<T>(path);
  return read ?? Promise.reject(new Error(`No early read for the outline of ${pathname}`));
};

/** An early read's answer once it has come, for an outline drawn again by React (none when no read). */
const answerAt = <T>(path: string | undefined): T | undefined =>
  path === undefined ? undefined : outlinedAnswer<T>(path);

/**
 * The member the outline of the screen at an address names, as its early read answers (rejected when the
 * address names none, or the read fails: the screen then draws without an outline).
 */
export function outlinedMember(pathname: string): Promise<OutlineMember> {
  return outlinedAt(memberReadAt(pathname), pathname);
}

/** That member once its read has come: what React's outline draws again. */
export function outlinedMemberNow(pathname: string): OutlineMember | undefined {
  return answerAt(memberReadAt(pathname));
}

/** The API address of the plot the signed-in screen at an address is (the plot's page), if it is one. */
export function plotReadAt(pathname: string): string | undefined {
  const screen = signedInScreenAt(pathname);
  const params = screen?.id === 'plot' ? screen.params : undefined;
  return params?.memberId !== undefined && params.plotId !== undefined
    ? plotPath(params.memberId, params.plotId)
    : undefined;
}

/** The plot the outline of the screen at an address draws, as its early read answers (rejected otherwise). */
export function outlinedPlot(pathname: string): Promise<OutlinePlot> {
  return outlinedAt(plotReadAt(pathname), pathname);
}

/** That plot once its read has come: what React's outline draws again. */
export function outlinedPlotNow(pathname: string): OutlinePlot | undefined {
  return answerAt(plotReadAt(pathname));
}

/** The API address of the benefit run the signed-in screen at an address is (a run's page), if it is one. */
export function runReadAt(pathname: string): string | undefined {
  const screen = signedInScreenAt(pathname);
  return screen?.id === 'benefitRun' && screen.params.id !== undefined
    ? benefitRunPath(screen.params.id)
    : undefined;
}

/** The run the outline of the screen at an address names, as its early read answers (rejected otherwise). */
export function outlinedRun(pathname: string): Promise<OutlineRun> {
  return outlinedAt(runReadAt(pathname), pathname);
}

/** That run once its read has come: what React's outline draws again. */
export function outlinedRunNow(pathname: string): OutlineRun | undefined {
  return answerAt(runReadAt(pathname));
}
