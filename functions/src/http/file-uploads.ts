import { randomUUID } from 'node:crypto';
import { readEnvironment } from '#platform/environment.ts';
import { presignS3Url } from '#platform/s3.ts';
import type { SessionRequest } from './middleware/api-types.ts';

/** An upload link lives this long. */
const UPLOAD_URL_SECONDS = 900;

/**
 * POST …/uploads (an import's, a benefit run's): where to PUT a file too large for a request body,
 * under a key of the caller's own (`keyOf`), whose upload id the next call names.
 */
export const newFileUpload =
  (keyOf: (upload: string, email: string) => string) =>
  async ({ session }: SessionRequest) => {
    const upload = randomUUID();
    const url = await presignS3Url('PUT', readEnvironment('filesBucket'), keyOf(upload, session.email), {
      expiresInSeconds: UPLOAD_URL_SECONDS,
    });
    return { status: 201, body: { upload, url } };
  };
