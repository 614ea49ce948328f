import { pollUntil } from '#platform/retry.ts';
import { extendLease, releaseLease, takeLease } from './job-leases.ts';

/*
 * IMPORTLOCK / LOCK: the import job that is writing (jobId), until lockedUntil (epoch seconds). One
 * import writes at a time in an environment, so that the record ids an import has checked as free stay
 * free until it has written them with unconditional batch writes. The job's own redelivery takes the
 * lock again at once; another job waits for it. A lock its job lost lapses (and the TTL removes it).
 */
const importLockKey = { pk: 'IMPORTLOCK', sk: 'LOCK' };
/** Longer than a worker's 15 minutes: extended after every batch, it lapses only when its job is gone. */
export const IMPORT_LOCK_SECONDS = 20 * 60;
/** How long a job waits for the lock in one delivery; then SQS delivers it again later. */
export const IMPORT_LOCK_WAIT_MS = 10 * 60 * 1000;
const POLL_MS = 2000;

export class ImportLockLost extends Error {
  override name = 'ImportLockLost';
}

/** Takes the lock for the job, waiting while another job holds it: false when the wait ran out. */
export const acquireImportLock = async (
  jobId: string,
  { waitMs = IMPORT_LOCK_WAIT_MS, pollMs = POLL_MS } = {},
): Promise<boolean> => {
  const taken = await pollUntil(
    async () => (await takeLease(importLockKey, 'IMPORT_LOCK', jobId, IMPORT_LOCK_SECONDS)) || undefined,
    { timeoutMs: waitMs, pollMs },
  );
  return taken === true;
};

/** Extends the job's lock; ImportLockLost when another job holds it now (this one must stop writing). */
export const extendImportLock = async (jobId: string): Promise<void> => {
  if (!(await extendLease(importLockKey, jobId, IMPORT_LOCK_SECONDS)))
    throw new ImportLockLost(`Import ${jobId} lost the import lock`);
};

/** Frees the lock if the job still holds it. */
export const releaseImportLock = (jobId: string): Promise<void> => releaseLease(importLockKey, jobId);
