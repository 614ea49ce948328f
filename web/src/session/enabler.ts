import type { CurrentEnabler, EnablerConfigVersionAnswer } from '@cpbo/schemas';

/**
 * What the screens read of an enabler config, whichever call brought it: GET /me/enabler's (every field,
 * schemas/enablers.ts) or the administrators' list's summary (no factors).
 */
export type EnablerConfig = Partial<EnablerConfigVersionAnswer>;

/**
 * What the session and the screens read of an enabler, whichever call brought it: GET /me/enabler's
 * CurrentEnabler (schemas/enablers.ts) or a row of the administrators' list.
 */
export type Enabler = Pick<CurrentEnabler, 'id' | 'name'> &
  Partial<Omit<CurrentEnabler, 'id' | 'name' | 'config'>> & { config?: EnablerConfig | null };
