import { describe, expect, it } from 'vitest';
import { toLambdaStreamRecord } from './stream-record.ts';

describe('toLambdaStreamRecord', () => {
  const streamArn = 'arn:aws:dynamodb:ddblocal:000000000000:table/cpbo-local/stream/1';

  it('should keep the change and name the stream it came from', () => {
    const event = {
      eventID: 'e-1',
      eventName: 'MODIFY',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'ddblocal',
    } as const;
    const change = {
      Keys: { pk: { S: 'MEMBER#1' }, sk: { S: 'PROFILE' } },
      NewImage: { pk: { S: 'MEMBER#1' }, balance: { N: '10' } },
      OldImage: { pk: { S: 'MEMBER#1' }, balance: { N: '5' } },
      SequenceNumber: '000001',
      SizeBytes: 42,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    } as const;
    const record = toLambdaStreamRecord(
      {
        ...event,
        dynamodb: { ...change, ApproximateCreationDateTime: new Date('2026-03-05T09:00:00.900Z') },
      },
      streamArn,
    );
    // Lambda's record: the same change, its time in whole seconds, and the stream's ARN.
    expect(record).toEqual({
      ...event,
      eventSourceARN: streamArn,
      dynamodb: { ...change, ApproximateCreationDateTime: 1772701200 },
    });
  });

  it('should write binary values as base64, also inside maps and lists', () => {
    const record = toLambdaStreamRecord(
      {
        eventName: 'INSERT',
        dynamodb: {
          NewImage: {
            logo: { B: new Uint8Array([1, 2]) },
            nested: { M: { list: { L: [{ BS: [new Uint8Array([255])] }] } } },
          },
        },
      },
      streamArn,
    );
    expect(record.dynamodb?.NewImage).toEqual({
      logo: { B: 'AQI=' },
      nested: { M: { list: { L: [{ BS: ['/w=='] }] } } },
    });
  });
});
