import { ApiError } from '../../api/api-error.ts';
import { refresh, type AuthSession } from '../../api/auth.ts';
import { needsRenewal } from './access-token.ts';
import { readRefreshToken, removeRefreshToken, writeRefreshToken } from './refresh-token-cookie.ts';

type SessionLostListener = (error: ApiError) => void;

/**
 * Holds the session's tokens: the access token in memory only, the refresh token in its cookie so a
 * reload can restore the session.
 */
export class TokenKeeper {
  private accessToken: string | null = null;
  // One renewal at a time: the refresh token rotates, and presenting a rotated one twice would be
  // taken by the server as a stolen token (it revokes the whole family).
  private renewal: Promise<AuthSession> | null = null;
  // The start-up renewal, begun by the page's first module and taken by the session's restore.
  private restoration: Promise<AuthSession> | null = null;
  private readonly lostListeners = new Set<SessionLostListener>();

  store(tokens: Pick<AuthSession, 'accessToken' | 'refreshToken'>): void {
    this.accessToken = tokens.accessToken;
    writeRefreshToken(tokens.refreshToken);
  }

  /** A refresh token for another session (enabler switch): the current access token no longer applies. */
  replaceRefreshToken(refreshToken: string): void {
    this.accessToken = null;
    writeRefreshToken(refreshToken);
  }

  /**
   * Logout: the server is asked to end the session (`revoke`, with a valid access token, renewed if
   * need be), then both tokens are forgotten here, whether the server could be told or not.
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

  /** Forgets both tokens (logout, refused refresh token). */
  clear(): void {
    this.accessToken = null;
    this.renewal = null;
    removeRefreshToken();
  }

  hasRefreshToken(): boolean {
    return readRefreshToken() !== null;
  }

  /** Trades the refresh token of the cookie for fresh tokens; rejects with an ApiError. */
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
    this.restoration ??= this.renew();
    return this.restoration;
  }

  /**
   * The access token to send, renewed first when under a minute of life remains; null when signed
   * out. A renewal the server refuses ends the session (listeners are told) and rejects.
   */
  async validAccessToken(): Promise<string | null> {
    const token = this.accessToken;
    if (token === null || !needsRenewal(token)) return token;
    try {
      return (await this.renew()).accessToken;
    } catch (error) {
      if (error instanceof ApiError && !error.isNetworkFailure) {
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
    const refreshToken = readRefreshToken();
    if (!refreshToken) {
      throw new ApiError({
        kind: 'http',
        status: 401,
        code: 'ERR_UNAUTHENTICATED',
        message: 'No refresh token',
      });
    }
    // The caller decides what a refused refresh means (quiet login page at start-up).
    const session = await refresh(refreshToken, { errors: 'caller' });
    this.store(session);
    return session;
  }
}

export const tokenKeeper = new TokenKeeper();
