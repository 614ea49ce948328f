import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LoadingScreen } from '../../common/ui/loading-screen.tsx';
import { useSignedInSession, type SignedInSession } from '../../session/session-context.ts';
import { fieldDevice, type FieldDevice } from './field-device.ts';
import { OfflineBanner } from './offline-banner.tsx';
import { SentNotice } from './sent-notice.tsx';
import { watchSentWrites, type SentCounts } from './sent-writes.ts';
import { registerServiceWorker, type ApplyUpdate } from './service-worker.ts';
import { outbox } from '../../api/offline/outbox.ts';

interface FieldState {
  device: FieldDevice;
  /** Whether the screens may show (opened offline: once the kept reads are in the cache). */
  ready: boolean;
  /** Set when a new build waits to take over. */
  update: ApplyUpdate | undefined;
  /** What the queue sent when it last emptied, until the agent dismisses it. */
  sent: SentCounts | null;
  dismissSent: () => void;
}

const FieldContext = createContext<FieldState | null>(null);

/** The field agent's device of the session, if any (the sign-out forgets what it keeps). */
export const useFieldDevice = (): FieldDevice | null => useContext(FieldContext)?.device ?? null;

function AgentDevice({ session, children }: { session: SignedInSession; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [device] = useState(() => fieldDevice(session, queryClient));
  // Opened offline, the screens wait for the kept reads; online they start at once.
  const [ready, setReady] = useState(session.start !== 'offline');
  const [update, setUpdate] = useState<ApplyUpdate | undefined>(undefined);
  const [sent, setSent] = useState<SentCounts | null>(null);

  useEffect(() => {
    void device.start().finally(() => setReady(true));
    return device.stop;
  }, [device]);

  useEffect(() => registerServiceWorker((apply) => setUpdate(() => apply)), []);
  useEffect(() => watchSentWrites(outbox, setSent), []);

  return (
    <FieldContext value={{ device, ready, update, sent, dismissSent: () => setSent(null) }}>
      {children}
    </FieldContext>
  );
}

/**
 * Offline field work (docs/architecture.md): for a field agent, the installable app's service worker, the
 * reads kept on the device and the queue of writes, for the whole signed-in frame. Administrators work
 * online, as before.
 */
export function FieldOffline({ children }: { children: ReactNode }) {
  const session = useSignedInSession();
  if (session.user.role === 'ADMIN') return children;
  return <AgentDevice session={session}>{children}</AgentDevice>;
}

/** The screen of a field agent, under the offline banner; any other role's as it is. */
export function FieldScreen({ children }: { children: ReactNode }) {
  const field = useContext(FieldContext);
  if (!field) return children;
  return (
    <>
      <OfflineBanner update={field.update} />
      {field.ready ? children : <LoadingScreen />}
      <SentNotice counts={field.sent} onDismiss={field.dismissSent} />
    </>
  );
}
