import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { outbox } from '../../api/offline/outbox.ts';
import { accountOf, forgetSession, keepSession } from '../../api/offline/offline-session.ts';
import { forgetReads, keepReads, restoreReads } from '../../api/offline/persisted-reads.ts';
import { queryKeys } from '../../api/query-keys.ts';
import type { SignedInSession } from '../../session/session-context.ts';
import { readAgain } from '../../api/read-again.ts';

/**
 * A field agent's device while signed in: the reads kept in IndexedDB (and put back offline), the queue
 * opened and sent whenever the network may be there, the session kept to open the app offline.
 * `start` resolves once the screens can show (offline: with the kept reads in the cache); `stop` ends it all
 * (leaving what is kept); `forget` is the sign-out's, once the agent answered: nothing of the session stays.
 */
export function fieldDevice(session: SignedInSession, queryClient: QueryClient) {
  const account = accountOf(session);
  // The library only hears the online and offline events: a page opened offline must tell it, or its reads
  // would be tried (and fail loudly) instead of waiting for the network.
  onlineManager.setOnline(navigator.onLine);
  const stops: (() => void)[] = [];
  const on = (target: Window, event: string, listener: () => void) => {
    target.addEventListener(event, listener);
    stops.push(() => target.removeEventListener(event, listener));
  };

  const start = async () => {
    if (session.start === 'offline' || !navigator.onLine) await restoreReads(queryClient, account);
    stops.push(keepReads(queryClient, account));
    // What the previous session of another account kept is not this one's.
    if (session.start !== 'offline') {
      const { user, enabler, enablers } = session;
      void keepSession({ user, enabler, enablers }).catch(() => undefined);
    }
    await outbox.open(account, { earlierSession: session.start === 'signIn' });
    stops.push(outbox.onRecorded(() => void readAgain(queryClient, [queryKeys.members.all])));
    on(window, 'online', () => void outbox.send());
    // Offline mid-session: the reads kept from earlier visits join those of this one.
    on(window, 'offline', () => void restoreReads(queryClient, account));
    void outbox.send();
  };

  const stop = () => {
    for (const stopping of stops.splice(0)) stopping();
    outbox.close();
  };

  const forget = async () => {
    for (const stopping of stops.splice(0)) stopping();
    await Promise.all([outbox.clear(), forgetReads(), forgetSession()]);
  };

  return { start, stop, forget };
}

export type FieldDevice = ReturnType<typeof fieldDevice>;
