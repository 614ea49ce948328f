import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dynamo } from '#platform/aws-clients.ts';
import { demoConfig, givenEnabler } from '../testing/fixtures.ts';
import { addConfig, ENABLER_PROFILE, enablerPartition, getEnabler, listEnablers } from './enablers.ts';
import { tableName } from './table.ts';

afterEach(() => vi.restoreAllMocks());

/** The commands sent to DynamoDB while `run` runs, by name. */
const commandsDuring = async (run: () => Promise<unknown>): Promise<string[]> => {
  const send = vi.spyOn(dynamo(), 'send');
  await run();
  const names = send.mock.calls.map(([command]) => command.constructor.name);
  send.mockRestore();
  return names;
};

describe('the enabler list', () => {
  it('gives each enabler its current config’s summary, from the profile alone', async () => {
    const enabler = await givenEnabler();
    const second = await addConfig(
      enabler.id,
      { ...demoConfig, currency: 'INR', lengthOfSeasonInMonth: 3 },
      't',
    );
    const bare = await givenEnabler({ withConfig: false });
    let listed: Awaited<ReturnType<typeof listEnablers>> = [];
    const commands = await commandsDuring(async () => {
      listed = await listEnablers();
    });
    expect(listed.find((e) => e.id === enabler.id)?.config).toEqual({
      _id: second._id,
      version: 2,
      date: second.creationDate,
      currency: 'INR',
      maxCompensationFactor: demoConfig.maxCompensationFactor,
      lengthOfSeasonInMonth: 3,
      lengthOfCoverageInMonth: demoConfig.lengthOfCoverageInMonth,
    });
    expect(listed.find((e) => e.id === bare.id)?.config).toBeNull();
    // One Query of the listing, however many enablers (its pages aside): no read per enabler.
    expect(new Set(commands)).toEqual(new Set(['QueryCommand']));
    expect(commands.length).toBeLessThanOrEqual(Math.ceil(listed.length / 50));
  });

  it('reads the configs of profiles written before the summary by key, in one batch', async () => {
    const older = await Promise.all([givenEnabler(), givenEnabler()]);
    for (const enabler of older)
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: enablerPartition(enabler.id), sk: ENABLER_PROFILE },
          UpdateExpression: 'REMOVE latestConfig',
        }),
      );
    expect((await getEnabler(older[0].id))?.config).toBeNull();
    let listed: Awaited<ReturnType<typeof listEnablers>> = [];
    const commands = await commandsDuring(async () => {
      listed = await listEnablers();
    });
    for (const enabler of older)
      expect(listed.find((e) => e.id === enabler.id)?.config).toMatchObject({
        version: 1,
        currency: demoConfig.currency,
        lengthOfCoverageInMonth: demoConfig.lengthOfCoverageInMonth,
      });
    expect(commands.filter((name) => name === 'BatchGetCommand').length).toBeLessThanOrEqual(
      Math.ceil(listed.length / 100),
    );
  });
});
