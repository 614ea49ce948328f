import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { setAccessTokenProvider } from '../../api/api-client.ts';
import { isApiError } from '../../api/api-error.ts';
import * as authApi from '../../api/auth.ts';
import { publishError } from '../../api/error-bus.ts';
import { browser } from '../../browser/browser.ts';
import { loadSignedInSession, reloadEnablers } from './load-session.ts';
import {
  SessionContext,
  type SessionActions,
  type SessionContextValue,
  type SessionState,
} from '../../session/session-context.ts';
import { tokenKeeper as defaultTokenKeeper, type TokenKeeper } from './token-keeper.ts';
import { applyUserLanguage } from './user-language.ts';
import { paths } from '../../navigation/paths.ts';

export interface SessionProviderProps {
  children: ReactNode;
  /** Tests pass their own. */
  tokenKeeper?: TokenKeeper;
}

/** Owns the session: start-up restore from the API's session cookie, login, logouts, enabler switch. */
export function SessionProvider({ children, tokenKeeper = defaultTokenKeeper }: SessionProviderProps) {
  const navigate = useNavigate();
  // The screen shown, for a switch that comes back to it; a ref keeps the actions the same across screens.
  const location = useLocation();
  const shown = useRef(location);
  useEffect(() => {
    shown.current = location;
  }, [location]);
  const [state, setState] = useState<SessionState>(() =>
    tokenKeeper.hasSession() ? { status: 'loading' } : { status: 'anonymous' },
  );
  // React runs effects twice in development: the restore must run once (the refresh token rotates).
  const restoreStarted = useRef(false);

  useEffect(() => {
    setAccessTokenProvider(() => tokenKeeper.validAccessToken());
    const stopListening = tokenKeeper.onSessionLost((error) => {
      setState({ status: 'anonymous' });
      publishError(error);
    });
    return () => {
      stopListening();
      setAccessTokenProvider(() => Promise.resolve(null));
    };
  }, [tokenKeeper]);

  useEffect(() => {
    if (restoreStarted.current || !tokenKeeper.hasSession()) return;
    restoreStarted.current = true;
    const restore = async () => {
      try {
        const auth = await tokenKeeper.restore();
        await applyUserLanguage(auth);
        const session = await loadSignedInSession(auth);
        // The frame and the first screen render in one go, a long task for a phone: as a transition React
        // renders them in slices, and the page stays responsive meanwhile.
        startTransition(() => setState({ status: 'signedIn', session }));
      } catch (error) {
        if (isApiError(error) && error.isServerFailure) {
          // The server could not be reached or failed: the session may still be good, keep it for the next visit. A
          // field agent's device opens it from what it kept (its code loads only then, off the login page).
          const kept = await import('../../api/offline/offline-session.ts')
            .then(({ keptSession }) => keptSession())
            .catch(() => undefined);
          if (kept) {
            startTransition(() =>
              setState({ status: 'signedIn', session: { ...kept.session, start: 'offline' } }),
            );
            return;
          }
          publishError(error);
        } else {
          tokenKeeper.clear();
          // A refused refresh token is the ordinary end of a session: the login page says enough.
          if (isApiError(error) && error.status !== 401) publishError(error);
          else if (!isApiError(error)) console.error('Session restore failed', error);
        }
        setState({ status: 'anonymous' });
      }
    };
    void restore();
  }, [tokenKeeper]);

  const login = useCallback(
    async (email: string, password: string) => {
      const auth = await authApi.login(email, password, { errors: 'caller' });
      tokenKeeper.store(auth);
      try {
        await applyUserLanguage(auth);
        setState({ status: 'signedIn', session: { ...(await loadSignedInSession(auth)), start: 'signIn' } });
      } catch (error) {
        tokenKeeper.clear();
        throw error;
      }
    },
    [tokenKeeper],
  );

  const signedOut = useCallback(() => {
    setState({ status: 'anonymous' });
    navigate(paths.signIn);
  }, [navigate]);

  const logout = useCallback(async () => {
    // The server ends the session and removes its cookie; the browser forgets the access token and the
    // marker even when the server cannot be told.
    await tokenKeeper.signOut((accessToken) => authApi.logout(accessToken));
    signedOut();
  }, [tokenKeeper, signedOut]);

  const logoutFromEverywhere = useCallback(async () => {
    // Only a revocation the server confirmed signs out here; a failure shows and the user can retry.
    await authApi.logoutFromEverywhere();
    tokenKeeper.clear();
    signedOut();
  }, [tokenKeeper, signedOut]);

  const switchEnabler = useCallback(
    async (enablerId: string, landing: 'home' | 'here' = 'home') => {
      const { pathname, search, hash } = shown.current;
      // The session moved at once: the previous access token no longer works, the cookie holds the
      // rotated refresh token, and the reloaded app restores the session for the new enabler from it.
      tokenKeeper.store(await authApi.enablerProfile(enablerId));
      browser.load(landing === 'home' ? paths.home : `${pathname}${search}${hash}`);
    },
    [tokenKeeper],
  );

  const refreshEnablers = useCallback(async () => {
    if (state.status !== 'signedIn') return;
    const { enabler, enablers } = await reloadEnablers(state.session);
    // A sign-out meanwhile wins over the reloaded list.
    setState((latest) =>
      latest.status === 'signedIn'
        ? { status: 'signedIn', session: { ...latest.session, enabler, enablers } }
        : latest,
    );
  }, [state]);

  const value = useMemo<SessionContextValue>(() => {
    const actions: SessionActions = { login, logout, logoutFromEverywhere, switchEnabler, refreshEnablers };
    return { ...state, ...actions };
  }, [state, login, logout, logoutFromEverywhere, switchEnabler, refreshEnablers]);

  return <SessionContext value={value}>{children}</SessionContext>;
}
