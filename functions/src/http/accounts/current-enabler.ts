import type { CurrentEnabler } from '@cpbo/schemas';
import type { Enabler, EnablerConfig } from '#data/enablers/enablers.ts';

/**
 * The session's enabler as every role's screens use it: banner, name, currency and rules. Who created or
 * changed the enabler (administrators' e-mails) and its counters stay on the administrators' own calls.
 */
export const currentEnablerOf = ({
  enabler,
  config,
}: {
  enabler: Enabler;
  config: EnablerConfig | null;
}): CurrentEnabler => {
  const { id, name, logo, banner, latestConfigVersion, latestConfigDate } = enabler;
  return { id, name, logo, banner, latestConfigVersion, latestConfigDate, config };
};
