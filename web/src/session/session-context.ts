import { createContext, useContext } from 'react';
import type { UserRole } from '@cpbo/schemas/account-rules.ts';
import type { Enabler } from './enabler.ts';

export interface SignedInUser {
  role: UserRole;
  username: string;
  email: string;
  enablerId: string | null;
  enablerName: string | null;
  /** The federation the dashboard and a new member start with (null: none). */
  defaultFederation: string | null;
}

export interface SignedInSession {
  user: SignedInUser;
  /** The enabler the session works for (banner, name, currency). */
  enabler: Enabler | null;
  /** Administrators only: every enabler, for the enabler selector. */
  enablers: Enabler[];
  /**
   * How it began here: a sign-in, a restore from the API's cookie, or a field agent's device opening it
   * without network from what it kept (api/offline/offline-session.ts). A restore when absent.
   */
  start?: 'signIn' | 'restore' | 'offline';
  /** Signed in with a password attackers try first: its change is asked before anything else. */
  passwordChangeRequired?: boolean;
}

export type SessionState =
  { status: 'loading' } | { status: 'anonymous' } | { status: 'signedIn'; session: SignedInSession };

export interface SessionActions {
  /** Rejects with the ApiError of a refused login, so the form can show it. */
  login(email: string, password: string): Promise<void>;
  /** Ends the session on the server, then here (here even when the server cannot be reached). */
  logout(): Promise<void>;
  /** Revokes every session of the user on the server first, then signs out here. */
  logoutFromEverywhere(): Promise<void>;
  /**
   * Administrators: works for another enabler from now on, reloading the app on the home page, or
   * `here` on the screen shown (the error dialog's switch, back to the screen that was refused).
   */
  switchEnabler(enablerId: string, landing?: 'home' | 'here'): Promise<void>;
  /** Administrators: reloads the enablers after a change, so the selector lists what exists now. */
  refreshEnablers(): Promise<void>;
}

export type SessionContextValue = SessionState & SessionActions;

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

const actionsOf = ({
  login,
  logout,
  logoutFromEverywhere,
  switchEnabler,
  refreshEnablers,
}: SessionActions): SessionActions => ({
  login,
  logout,
  logoutFromEverywhere,
  switchEnabler,
  refreshEnablers,
});

/** For screens that only show when signed in. */
export function useSignedInSession(): SignedInSession & SessionActions {
  const session = useSession();
  if (session.status !== 'signedIn') throw new Error('This screen needs a signed-in session');
  return { ...session.session, ...actionsOf(session) };
}
