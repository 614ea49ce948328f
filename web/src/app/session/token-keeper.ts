import { ApiError } from '../../api/api-error.ts';
import { refresh, type AuthSession } from '../../api/auth.ts';
import { needsRenewal } from './access-token.ts';
import { forgetSessionMarker, hasSessionMarker } from './session-marker.ts';
import { TabsRefresh } from './tabs-refresh.ts';

type SessionLostListener = (error: ApiError) => void;

/**
 * Holds the session's access token, in memory only. The refresh token never reaches the page: the API
 * keeps it in an HttpOnly cookie, reads it at each renewal and rotates it there, so a reload (or a
 * browser restart) restores the session with one refresh call.
 */
export class TokenKeeper {
  private accessToken: string | null = null;
  // One renewal at a time: the refresh token rotates, and presenting a rotated one twice would be
  // taken by the server as a stolen token (it revokes the whole family).
  private renewal: Promise<AuthSession> | null = null;
  // The start-up renewal, begun by the page's first module and taken by the session's restore.
  private restoration: Promise<AuthSession> | null = null;
  private restoredSession: AuthSession | undefined;
  private readonly lostListeners = new Set<SessionLostListener>();
  private readonly tabs = new TabsRefresh();

  store(session: Pick<AuthSession, 'accessToken'>): void {
    this.accessToken = session.accessToken;
  }

  /**
   * Logout: the server is asked to end the session and remove its cookie (`revoke`, with a valid access
   * token, renewed if need be), then the access token and the marker are forgotten here, whether the
   * server could be told or not.
   */
  async signOut(revoke: (accessToken: string) => Promise<unknown>): Promise<void> {
    try {
      const token = this.accessToken;
      await revoke(token !== null && !needsRenewal(token) ? token : (await this.renew()).accessToken);
    } catch {
      // Unreachable server or session already ended: nothing more to revoke from here.
    } finally {
      this.clear();
    }
  }

  /** Forgets the session here (logout, refused refresh token). */
  clear(): void {
    this.accessToken = null;
    this.renewal = null;
    // An outline drawn later (another account's sign-in in this tab) must not show this one's enabler.
    this.restoredSession = undefined;
    forgetSessionMarker();
  }

  /** Whether a session may be restored at start-up: the API's marker says its cookie is set. */
  hasSession(): boolean {
    return hasSessionMarker();
  }

  /** Trades the refresh token of the API's cookie for a fresh access token; rejects with an ApiError. */
  renew(): Promise<AuthSession> {
    this.renewal ??= this.refreshOnce().finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  /**
   * The start-up restore: the first call renews, later calls get the same answer, so that the restore can
   * be started before the app's code has arrived and taken once it has, without a second refresh call.
   */
  restore(): Promise<AuthSession> {
    this.restoration ??= this.renew().then((session) => (this.restoredSession = session));
    return this.restoration;
  }

  /** The start-up restore's answer once it has come (what the screen's outline drew, before React). */
  restored(): AuthSession | undefined {
    return this.restoredSession;
  }

  /**
   * The access token to send, renewed first when under a minute of life remains, or when there is none
   * yet while the API's marker says a session is set (an agent's app opened offline, now back online);
   * null when signed out. A renewal the server refuses (4xx) ends the session (listeners are told) and
   * rejects; one that fails (no answer, 5xx) rejects and keeps it.
   */
  async validAccessToken(): Promise<string | null> {
    const token = this.accessToken;
    if (token !== null && !needsRenewal(token)) return token;
    if (token === null && !this.hasSession()) return null;
    try {
      return (await this.renew()).accessToken;
    } catch (error) {
      // Only a refusal ends the session: an unreachable or failing server may still hold it.
      if (error instanceof ApiError && !error.isServerFailure) {
        this.clear();
        for (const listener of this.lostListeners) listener(error);
      }
      throw error;
    }
  }

  onSessionLost(listener: SessionLostListener): () => void {
    this.lostListeners.add(listener);
    return () => {
      this.lostListeners.delete(listener);
    };
  }

  private async refreshOnce(): Promise<AuthSession> {
    // The caller decides what a refused refresh means (quiet login page at start-up).
    const refreshNow = () => refresh({ errors: 'caller' });
    // In the page's first file, not fetched with the first refresh: a page's start waits for that refresh, and
    // a fetch of its own would queue behind the app's large files on a slow link (issue 38).
    const session = await this.tabs.refresh(refreshNow);
    this.store(session);
    return session;
  }
}

export const tokenKeeper = new TokenKeeper();
