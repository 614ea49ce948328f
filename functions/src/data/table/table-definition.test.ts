import { describe, expect, it } from 'vitest';
import { createTableInput, tableDefinition } from './table-definition.ts';

describe('createTableInput', () => {
  const input = createTableInput('cpbo-test', { stream: true });

  it('should declare every key attribute as a string', () => {
    expect(input.AttributeDefinitions).toContainEqual({ AttributeName: 'pk', AttributeType: 'S' });
    expect(input.AttributeDefinitions?.every((attribute) => attribute.AttributeType === 'S')).toBe(true);
  });

  it('should build one index per index of the table definition', () => {
    expect(input.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual(
      tableDefinition.globalIndexes.map((index) => index.name),
    );
  });

  it('should turn the stream on with both images', () => {
    expect(input.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it('should leave the stream out of a table nothing reads it of', () => {
    expect(createTableInput('cpbo-test-mirror', { stream: false })).not.toHaveProperty('StreamSpecification');
  });
});
