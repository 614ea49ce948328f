import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { DataFile } from '../schemas/data-files.ts';
import { AdminDataPage } from './pages/admin-data-page.ts';
import { signInAsDemoAdmin } from './support/demo-sign-in.ts';
import { describe, expect, test } from './support/test.ts';

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cpbo-e2e-data-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('data', () => {
  test('should export the members, import a file with one bad record with a progress bar, then show the report', async ({
    openApp,
  }) => {
    const page = await openApp({ locale: 'en-US' });
    await signInAsDemoAdmin(page);
    const data = await new AdminDataPage(page).open();

    // The export: written by the worker, downloaded from its short-lived link.
    const link = await data.export('members');
    const download = await fetch(link);
    expect(download.status).toBe(200);
    const exported = (await download.json()) as DataFile;
    expect(exported).toHaveLength(1);
    const members = exported[0]?.members ?? [];
    expect(members.length).toBeGreaterThan(0);

    // The same file again (nothing changes) with one new member whose contribution names no plot of its own.
    const bad = {
      ...structuredClone(members[0] as (typeof members)[number]),
      id: randomUUID(),
      number: `E2E-${randomUUID().slice(0, 8)}`,
      name: `E2E bad ${randomUUID().slice(0, 8)}`,
      plots: [],
      payouts: [],
      cashouts: [],
      contributions: [
        {
          id: randomUUID(),
          plotId: 'no-such-plot',
          amount: 10,
          protectionType: 'DROUGHT' as const,
          contributionDate: '2026-01-02T10:00:00.000Z',
        },
      ],
    };
    const file = join(folder, 'all.json');
    await writeFile(file, JSON.stringify([{ ...exported[0], members: [...members, bad] }]));
    await data.importFile(file);

    await data.progressBar().first().waitFor();
    const report = data.reportDialog();
    await report.waitFor({ timeout: 60_000 });
    await expect.poll(() => report.textContent()).toContain('1 error:');
    expect(await report.textContent()).toContain(
      `/0/members/${members.length}/contributions/0/plotId: A record of this member does not hold together; the member was skipped.`,
    );
  });
});
