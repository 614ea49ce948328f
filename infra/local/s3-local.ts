import S3rver from 's3rver';

export interface S3LocalOptions {
  directory: string;
  buckets: string[];
}

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

// The SPA downloads presigned files straight from s3rver, which is another origin than the app.
const corsConfiguration = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
  </CORSRule>
</CORSConfiguration>`;

/** Starts s3rver on a free port with the buckets (kept in `directory` between starts). */
export const startS3Local = async ({ directory, buckets }: S3LocalOptions): Promise<S3Local> => {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [corsConfiguration] })),
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
};
