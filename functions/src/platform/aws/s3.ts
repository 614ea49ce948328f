// Imported on first use by s3-client.ts: loading a client's code is a large part of a cold start, paid
// by every function that imports it at load (see docs/decisions.md, 2026-11-23).
export { S3Client } from '@aws-sdk/client-s3';
