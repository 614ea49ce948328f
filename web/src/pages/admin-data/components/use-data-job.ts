import { useEffect, useState } from 'react';
import { isFinished, type DataJob } from '../../../api/data-jobs.ts';

/** How often a running job is asked for its progress. */
export const POLL_MS = 1000;

/**
 * Follows a job until it is finished: its latest status, polled every POLL_MS. A failed poll is
 * shown by the API layer's error dialog and ends the polling.
 */
export function useDataJob(started: DataJob | null, read: (id: string) => Promise<DataJob>): DataJob | null {
  const [latest, setLatest] = useState<DataJob | null>(null);
  useEffect(() => {
    if (!started || isFinished(started)) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const polled = await read(started.id).catch(() => null);
      if (stopped || !polled) return;
      setLatest(polled);
      if (!isFinished(polled)) timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [started, read]);
  return started && latest?.id === started.id ? latest : started;
}
