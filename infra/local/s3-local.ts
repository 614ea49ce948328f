import S3rver from 's3rver';
import { localCredentials, localRegion } from './aws-environment.ts';
import { startS3Guard } from './s3-guard.ts';

export interface S3LocalOptions {
  directory: string;
  buckets: string[];
  /** The origins a browser may call the store from: the application's own (none by default). */
  allowedOrigins?: () => readonly string[];
}

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts s3rver on a free port of 127.0.0.1 with the buckets (kept in `directory` between starts), behind
 * the guard (s3-guard.ts) whose address is the store's endpoint: signed requests only, CORS for the
 * application's origin only. s3rver itself has no CORS rule: the guard answers the browser's preflights.
 */
export const startS3Local = async ({
  directory,
  buckets,
  allowedOrigins = () => [],
}: S3LocalOptions): Promise<S3Local> => {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { address, port } = await server.run();
  try {
    const guard = await startS3Guard({
      target: `http://${address}:${port}`,
      credentials: localCredentials,
      region: localRegion,
      allowedOrigins,
    });
    return {
      endpoint: guard.endpoint,
      stop: async () => {
        await guard.stop();
        await server.close();
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
};
