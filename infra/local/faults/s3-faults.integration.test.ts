import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getS3Object, headS3Object, putS3Object, s3ObjectWriter } from '@cpbo/functions/platform/s3.ts';
import { readEnvironment } from '@cpbo/functions/platform/environment.ts';
import { startS3FaultProxy, type S3Fault, type S3FaultProxy } from './s3-faults.ts';

/*
 * S3's SlowDown and 500 on the wire, between the functions and s3rver: the signed fetches and the SDK's
 * client both try again, and what they wrote and read is whole.
 */

const faults: S3Fault[] = [];
/** The proxy's draws: the first request of each pair fails, alternately SlowDown and InternalError. */
let draw = 0;
const draws = [0, 0, 0.9, 0, 0.9, 0.9];
let proxy: S3FaultProxy;
let direct: string;

beforeAll(async () => {
  direct = process.env.AWS_ENDPOINT_URL_S3 as string;
  proxy = await startS3FaultProxy({
    target: direct,
    rate: () => 0.5,
    random: () => draws[draw++ % draws.length] as number,
    onFault: (fault) => faults.push(fault),
  });
  process.env.AWS_ENDPOINT_URL_S3 = proxy.endpoint;
});

afterAll(async () => {
  process.env.AWS_ENDPOINT_URL_S3 = direct;
  await proxy.stop();
});

describe("S3's transient errors", () => {
  it('should be met by another attempt of the signed fetches and of the SDK client', async () => {
    const bucket = readEnvironment('filesBucket');
    const key = `faults/${randomUUID()}.json`;
    await putS3Object(bucket, key, '{"small":true}');
    expect(await headS3Object(bucket, key)).toEqual({});
    const read = await getS3Object(bucket, key);
    expect(new TextDecoder().decode(read?.body)).toBe('{"small":true}');

    const written = s3ObjectWriter(bucket, `${key}.large`);
    await written.write('{"large":');
    await written.write('true}');
    await written.close();
    const large = await getS3Object(bucket, `${key}.large`);
    expect(new TextDecoder().decode(large?.body)).toBe('{"large":true}');

    expect(faults.map((fault) => fault.code)).toEqual(expect.arrayContaining(['SlowDown', 'InternalError']));
  });
});
