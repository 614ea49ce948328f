import type { AttributeValue, _Record } from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue as LambdaAttributeValue, DynamoDBRecord } from 'aws-lambda';

type Image = Record<string, AttributeValue>;
type LambdaImage = Record<string, LambdaAttributeValue>;

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** The SDK gives binary values as bytes; a Lambda event carries them as base64 text. */
const toLambdaValue = (value: AttributeValue): LambdaAttributeValue => {
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BS !== undefined) return { BS: value.BS.map(base64) };
  if (value.L !== undefined) return { L: value.L.map(toLambdaValue) };
  if (value.M !== undefined) return { M: toLambdaImage(value.M) };
  return value as LambdaAttributeValue;
};

const toLambdaImage = (image: Image): LambdaImage =>
  Object.fromEntries(Object.entries(image).map(([name, value]) => [name, toLambdaValue(value)]));

const optionalImage = (name: 'Keys' | 'NewImage' | 'OldImage', image: Image | undefined) =>
  image ? { [name]: toLambdaImage(image) } : {};

/** A record read with GetRecords, as the DynamoDB event source mapping hands it to Lambda. */
export const toLambdaStreamRecord = (record: _Record, streamArn: string): DynamoDBRecord => {
  const change = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: record.eventSource ?? 'aws:dynamodb',
    awsRegion: record.awsRegion,
    eventSourceARN: streamArn,
    ...(record.userIdentity ? { userIdentity: record.userIdentity } : {}),
    dynamodb: {
      ...(change.ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(change.ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
      ...optionalImage('Keys', change.Keys),
      ...optionalImage('NewImage', change.NewImage),
      ...optionalImage('OldImage', change.OldImage),
      SequenceNumber: change.SequenceNumber,
      SizeBytes: change.SizeBytes,
      StreamViewType: change.StreamViewType,
    },
  };
};
