import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoConfig, tinyImage } from '../testing/fixtures.ts';
import {
  addConfig,
  addToMemberCount,
  createEnabler,
  deleteEnabler,
  getEnabler,
  getEnablerWithLatestConfig,
  listCampaigns,
  listConfigs,
  listEnablers,
  recordCampaign,
  updateEnabler,
} from './enablers.ts';

const profile = (name = `Enabler ${randomUUID().slice(0, 8)}`) => ({
  name,
  logo: tinyImage,
  banner: tinyImage,
});

describe('enablers', () => {
  it('are created, listed, read and changed', async () => {
    const enabler = await createEnabler(profile(), 'admin@example.org', new Date('2026-11-01T00:00:00Z'));
    expect(enabler).toMatchObject({ memberCount: 0, latestConfigVersion: null, modifiedBy: null });
    expect(await getEnabler(enabler.id)).toEqual(enabler);
    expect((await listEnablers()).map(({ id }) => id)).toContain(enabler.id);

    const changed = await updateEnabler(enabler.id, profile('Renamed'), 'other@example.org');
    expect(changed).toMatchObject({
      name: 'Renamed',
      modifiedBy: 'other@example.org',
      createdBy: 'admin@example.org',
    });
    expect(await getEnabler(enabler.id)).toEqual(changed);
  });

  it('are not created by a change to one that does not exist', async () => {
    const id = randomUUID();
    await expect(updateEnabler(id, profile(), 'admin')).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
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
    await expect(deleteEnabler(enabler.id)).rejects.toMatchObject({ code: 'ERR_ENABLER_HAS_MEMBERS' });
    expect(await getEnabler(enabler.id)).toMatchObject({ memberCount: 2 });

    await addToMemberCount(enabler.id, -2);
    await deleteEnabler(enabler.id);
    expect(await getEnabler(enabler.id)).toBeUndefined();
    expect(await listConfigs(enabler.id)).toEqual([]);
    expect(await listCampaigns(enabler.id)).toEqual([]);
    await expect(deleteEnabler(enabler.id)).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
  });
});
