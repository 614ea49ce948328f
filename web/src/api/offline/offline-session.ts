import type { SignedInSession } from '../../session/session-context.ts';
import { deleteDeviceRecord, deviceKeys, readDeviceRecord, writeDeviceRecord } from './device-store.ts';

/**
 * The session a field agent's device opens offline: who is signed in and the enabler with its latest
 * config, as the last sign-in or start-up read them. Only while the API's session marker is set, whose
 * lifetime is the session's (idle or absolute end), so the device never opens a session the server ended.
 */
export interface KeptSession {
  session: SignedInSession;
  /** When the server last confirmed it (ms). */
  confirmedAt: number;
}

export const keepSession = (session: SignedInSession, now = Date.now()): Promise<void> =>
  writeDeviceRecord<KeptSession>(deviceKeys.session, { session, confirmedAt: now });

export const keptSession = (): Promise<KeptSession | undefined> =>
  readDeviceRecord<KeptSession>(deviceKeys.session);

export const forgetSession = (): Promise<void> => deleteDeviceRecord(deviceKeys.session);

/** The account whose queue and reads a session uses: one per user and enabler. */
export const accountOf = ({ user }: Pick<SignedInSession, 'user'>): string =>
  `${user.email}|${user.enablerId ?? ''}`;
