/** The API's dates are whole seconds since the epoch (`unixSecondsSchema`): the tests write them from ISO text. */

/** An instant (`2026-03-05T10:00:00Z`) in whole seconds. */
export const unixSeconds = (isoInstant: string): number => Math.floor(Date.parse(isoInstant) / 1000);

/** The start (UTC) of a day (`2026-03-05`) in whole seconds. */
export const unixSecondsOfDay = (isoDay: string): number => unixSeconds(`${isoDay}T00:00:00Z`);
