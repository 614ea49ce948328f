import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dynamo } from '#platform/aws-clients.ts';
import { demoConfig, givenEnabler, tinyImage } from '../../testing/fixtures.ts';
import {
  addConfig,
  addToMemberCount,
  createEnabler,
  deleteEnabler,
  ENABLER_PROFILE,
  enablerPartition,
  getEnabler,
  getEnablerWithLatestConfig,
  listConfigs,
  listEnablers,
  updateEnabler,
} from './enablers.ts';
import { listCampaigns, recordCampaign } from './campaigns.ts';
import { tableName } from '../table/table.ts';

const profile = (name = `Enabler ${randomUUID().slice(0, 8)}`) => ({
  name,
  logo: tinyImage,
  banner: tinyImage,
});

const admin = { email: 'admin@example.org', name: 'Admin' };

describe('enablers', () => {
  it('are created, listed, read and changed', async () => {
    const enabler = await createEnabler(profile(), 'admin@example.org', new Date('2026-11-01T00:00:00Z'));
    expect(enabler).toMatchObject({ memberCount: 0, latestConfigVersion: null, modifiedBy: null });
    expect(await getEnabler(enabler.id)).toEqual(enabler);
    expect((await listEnablers()).map(({ id }) => id)).toContain(enabler.id);

    const changed = await updateEnabler(enabler, profile('Renamed'), {
      email: 'other@example.org',
      name: 'Other',
    });
    expect(changed).toMatchObject({
      name: 'Renamed',
      modifiedBy: 'other@example.org',
      createdBy: 'admin@example.org',
    });
    expect(await getEnabler(enabler.id)).toEqual(changed);
  });

  it('are not created by a change to one that does not exist', async () => {
    const id = randomUUID();
    const gone = { ...(await createEnabler(profile(), 'admin')), id };
    await expect(updateEnabler(gone, profile(), admin)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    await expect(addConfig(id, demoConfig, 'admin')).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
    expect(await getEnabler(id)).toBeUndefined();
  });

  it('number their configs, and two uploads at once never take one number', async () => {
    const enabler = await createEnabler(profile(), 'admin');
    expect(await getEnablerWithLatestConfig(enabler.id)).toEqual({ enabler, config: null });
    const first = await addConfig(enabler.id, demoConfig, 'admin');
    expect(first).toMatchObject({ version: 1, currency: 'XOF' });

    const uploads = await Promise.allSettled(
      [2, 3, 4].map((factor) =>
        addConfig(enabler.id, { ...demoConfig, maxCompensationFactor: factor }, 'admin'),
      ),
    );
    const stored = await listConfigs(enabler.id);
    const versions = stored.map(({ version }) => version);
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions).toEqual([...versions].sort((a, b) => b - a));
    expect(stored).toHaveLength(1 + uploads.filter(({ status }) => status === 'fulfilled').length);
    for (const upload of uploads)
      if (upload.status === 'rejected') expect(upload.reason).toMatchObject({ code: 'ERR_CONFLICT' });
    const latest = await getEnablerWithLatestConfig(enabler.id);
    expect(latest?.config).toEqual(stored[0]);
    expect(latest?.enabler.latestConfigVersion).toBe(stored[0]?.version);
  });

  it('record a campaign once, newest reporting date first', async () => {
    const enabler = await createEnabler(profile(), 'admin');
    const older = { id: randomUUID(), name: 'Season 1', reportingDate: '2026-03-01' };
    const newer = { id: randomUUID(), name: 'Season 2', reportingDate: '2026-09-01' };
    await recordCampaign(enabler.id, older);
    await recordCampaign(enabler.id, newer);
    await recordCampaign(enabler.id, { ...older, name: 'Renamed by a repeat' });
    expect(await listCampaigns(enabler.id)).toEqual([newer, older]);
  });

  it('with members are not deleted; without, go with their configs and campaigns', async () => {
    const enabler = await createEnabler(profile(), 'admin');
    await addConfig(enabler.id, demoConfig, 'admin');
    await recordCampaign(enabler.id, { id: randomUUID(), name: 'Season', reportingDate: '2026-03-01' });
    await addToMemberCount(enabler.id, 2);
    await expect(deleteEnabler(enabler, admin)).rejects.toMatchObject({ code: 'ERR_ENABLER_HAS_MEMBERS' });
    expect(await getEnabler(enabler.id)).toMatchObject({ memberCount: 2 });

    await addToMemberCount(enabler.id, -2);
    await deleteEnabler(enabler, admin);
    expect(await getEnabler(enabler.id)).toBeUndefined();
    expect(await listConfigs(enabler.id)).toEqual([]);
    expect(await listCampaigns(enabler.id)).toEqual([]);
    await expect(deleteEnabler(enabler, admin)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
  });
});

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
