import type { PreferenceTable, PreferencesAnswer, TablePreferences } from '@cpbo/schemas/preferences.ts';
import { apiFetch } from './api-client.ts';

export type { PreferenceTable, TablePreferences } from '@cpbo/schemas/preferences.ts';

/** The page size and columns the user chose for each table (quietly: a table without them uses its defaults). */
export const getPreferences = () => apiFetch<PreferencesAnswer>('/me/preferences', { errors: 'caller' });

/** Keeps the user's choice for a table (quietly: the choice holds on this screen whatever the answer). */
export const saveTablePreferences = (table: PreferenceTable, chosen: TablePreferences) =>
  apiFetch<PreferencesAnswer>(`/me/preferences/${table}`, { method: 'PUT', body: chosen, errors: 'caller' });
