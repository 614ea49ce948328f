import type {
  AdminEnablerAnswer,
  CampaignAnswer,
  EnablerConfigVersionAnswer,
  enablerRequestSchema,
  FromSchema,
  MyEnablerAnswer,
} from '@cpbo/schemas';
import { apiFetch, type ApiRequest } from './api-client.ts';
import { myEnablerPath } from './resource-paths.ts';

import type { Enabler } from '../session/enabler.ts';

export type { Enabler, EnablerConfig } from '../session/enabler.ts';

/** An enabler as the administration lists it (GET /admin/enablers). */
export type AdminEnabler = AdminEnablerAnswer;

/** What the enabler form sends: both images as data URLs. */
export type EnablerProfile = FromSchema<typeof enablerRequestSchema>;

/** The fields of a config file, as uploaded and as downloaded again. */
export type { EnablerConfigFields } from '@cpbo/schemas';

/** One stored, immutable version of an enabler's config (damageThreshold absent when the file had none). */
export type EnablerConfigVersion = EnablerConfigVersionAnswer;

export type Campaign = CampaignAnswer;

type Errors = Pick<ApiRequest, 'errors'>;

const enablerPath = (enablerId: string) => `/admin/enablers/${encodeURIComponent(enablerId)}`;

/** The enabler the signed-in session works for; null for an administrator who works for none yet. */
export const getMyEnabler = (options: Errors = {}) => apiFetch<MyEnablerAnswer>(myEnablerPath, options);

export const listEnablers = (options: Errors = {}) => apiFetch<AdminEnabler[]>('/admin/enablers', options);

/** There is no GET of one enabler: it is found in the list. Undefined when it does not exist (any more). */
export const findEnabler = async (enablerId: string, options: Errors = {}) =>
  (await listEnablers(options)).find((enabler) => enabler.id === enablerId);

export const createEnabler = (profile: EnablerProfile, options: Errors = {}) =>
  apiFetch<AdminEnabler>('/admin/enablers', { method: 'POST', body: profile, ...options });

export const updateEnabler = (enablerId: string, profile: EnablerProfile, options: Errors = {}) =>
  apiFetch<AdminEnabler>(enablerPath(enablerId), { method: 'POST', body: profile, ...options });

/** Refused (409) while the enabler has members or users. */
export const deleteEnabler = (enablerId: string, options: Errors = {}) =>
  apiFetch<unknown>(enablerPath(enablerId), { method: 'DELETE', ...options });

/** An enabler's configs, newest first. */
export const listEnablerConfigs = (enablerId: string, options: Errors = {}) =>
  apiFetch<EnablerConfigVersion[]>(`${enablerPath(enablerId)}/configs`, options);

/** Stores the config as the enabler's next version; the body is the config file's content itself. */
export const addEnablerConfig = (enablerId: string, config: unknown, options: Errors = {}) =>
  apiFetch<EnablerConfigVersion>(`${enablerPath(enablerId)}/configs`, {
    method: 'POST',
    body: config,
    ...options,
  });

/** An enabler's campaigns, newest reporting date first. */
export const listCampaigns = (enablerId: string, options: Errors = {}) =>
  apiFetch<Campaign[]>(`${enablerPath(enablerId)}/campaigns`, options);

/** Only an enabler with a configuration can be worked for (its members' plots need one). */
export const hasConfig = (enabler: Enabler): boolean =>
  enabler.latestConfigVersion !== undefined &&
  enabler.latestConfigVersion !== null &&
  enabler.latestConfigDate !== undefined &&
  enabler.latestConfigDate !== null &&
  enabler.latestConfigDate !== '';
