import type { S3Client } from '@aws-sdk/client-s3';

/*
 * The S3 client, created on first use, once per Lambda instance; its code is loaded then too. Apart
 * from aws-clients.ts so that a function that never touches S3 does not carry S3's code in its bundle.
 */
let s3Client: Promise<S3Client> | undefined;

export const s3 = (): Promise<S3Client> => {
  s3Client ??= import('./aws/s3.ts').then(
    // s3rver only understands path-style addressing.
    ({ S3Client }) => new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) }),
  );
  return s3Client;
};
