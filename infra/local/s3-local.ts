import S3rver from 's3rver';

export interface S3LocalOptions {
  directory: string;
  bucket: string;
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

/** Starts s3rver on a free port with the files bucket (kept in `directory` between starts). */
export const startS3Local = async ({ directory, bucket }: S3LocalOptions): Promise<S3Local> => {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [corsConfiguration] }],
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
};
