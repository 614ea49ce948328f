import { describe, expect, it } from 'vitest';
import { jsonBytes, largestJson } from '../testing/largest-json.ts';
import { queueDefinitions, queueNames } from './queues.ts';

/*
 * SQS takes messages of at most 256 KB: the largest message each queue's schema allows stays under
 * it (its worker refuses any other). A batch of them stays under the 6 MB a Lambda is invoked with.
 */

const SQS_MESSAGE_BYTES = 256 * 1024;
const LAMBDA_EVENT_BYTES = 6 * 1024 * 1024;
/** A text's JSON takes at most six bytes a character. */
const WORST = 6;

const bounds = {
  // Their patterns: 36 characters.
  textBytes: new Map([
    ['jobId', 36],
    ['enablerId', 36],
  ]),
  // The mirror's last key of the table: DynamoDB keeps a partition key to 2 048 bytes, a sort key to 1 024.
  opaqueBytes: new Map([['$.startKey', WORST * (2048 + 1024) + '{"pk":"","sk":""}'.length]]),
};

describe("every queue's largest message", () => {
  const sizes = queueNames.map((name) => ({
    name,
    bytes: jsonBytes(largestJson(queueDefinitions[name].messageSchema, bounds)),
    batch: queueDefinitions[name].batchSize,
  }));

  it("stays under SQS's 256 KB, and a batch under the 6 MB of a Lambda invocation", () => {
    console.log(
      `[message sizes] ${sizes.map(({ name, bytes }) => `${name} ${(bytes / 1024).toFixed(1)} KB`).join(', ')}`,
    );
    for (const { bytes, batch } of sizes) {
      expect(bytes).toBeLessThan(SQS_MESSAGE_BYTES);
      expect(bytes * batch).toBeLessThan(LAMBDA_EVENT_BYTES);
    }
  });
});
