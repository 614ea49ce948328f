/**
 * The API's addresses of the records a screen reads, beside nothing else: the page's first module starts a
 * screen's reads from them (api/early-reads.ts) without loading the API's modules.
 */
export const memberPath = (memberId: string) => `/members/${encodeURIComponent(memberId)}`;
export const plotsPath = (memberId: string) => `${memberPath(memberId)}/plots`;
export const plotPath = (memberId: string, plotId: string) =>
  `${plotsPath(memberId)}/${encodeURIComponent(plotId)}`;
/** The session's enabler, with its latest config and every version's cover terms. */
export const myEnablerPath = '/me/enabler';
/** A benefit run (an administrator's). */
export const benefitRunsPath = '/admin/benefit-runs';
export const benefitRunPath = (runId: string) => `${benefitRunsPath}/${encodeURIComponent(runId)}`;
