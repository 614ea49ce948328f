import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { csvSeparatorOf, csvText, parseCsv } from '../schemas/csv.ts';
import { defaultLogins } from '../infra/local/seed/index.ts';
import { BenefitRunsPage } from './pages/benefit-runs-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { LogsPage } from './pages/logs-page.ts';
import { registeredAccount } from './support/accounts.ts';
import { signIn } from './support/api.ts';
import { coveredMember } from './support/members.ts';
import { describe, expect, test } from './support/test.ts';

/*
 * An administrator's season, in French, at 1366 × 768: the covered plots downloaded as a file to fill
 * in, three filled in and uploaded as they are, a refused row's reason read without scrolling, the run
 * approved by a second administrator, and who did what, named, found in Logs.
 */

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const laptop = { width: 1366, height: 768 };
// Texts are written with no-break spaces: compared as plain spaces.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

const signInInFrench = async (page: Page, account: { email: string; password: string }) => {
  const login = await new LoginPage(page, 'fr').shown();
  await login.signIn(account.email, account.password);
  await page.getByRole('heading', { name: /^Bienvenue / }).waitFor();
};

/** The file the browser downloads when `start` is clicked: its name and text. */
const downloaded = async (page: Page, start: () => Promise<void>) => {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
};

describe("an administrator's season, in French", () => {
  test('downloads the covered plots, fills in three, uploads them, reads a refusal at 1366 px, has a second administrator approve, and finds it all in Logs with names', async ({
    openApp,
  }) => {
    const adminToken = await signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
    // Two administrators the demo's brought in: siblings, so one may review the other's run.
    const uploader = await registeredAccount('Aïssatou Diallo', 'ADMIN');
    const reviewer = await registeredAccount('Ibrahima Sow', 'ADMIN');
    const suffix = randomUUID().slice(0, 8);
    const village = `E2E saison ${suffix}`;
    const federation = `E2E fédération ${suffix}`;
    const start = isoDay(Date.now() - 75 * DAY_MS);
    const paidOn = isoDay(Date.now() - 60 * DAY_MS);
    const member = (name: string, phone: string, paid: number) =>
      coveredMember(
        adminToken,
        { name, village, federation, phone },
        { startCoverageDate: start, contributions: [{ day: paidOn, amount: paid }] },
      );
    const khady = await member('Khady Ndiaye', '+221 70 100 00 01', 2000);
    const moussa = await member('Moussa Diop', '+221 70 100 00 02', 1000);
    const binta = await member('Binta Fall', '+221 70 100 00 03', 1000);
    const cheikh = await member('Cheikh Sy', '+221 70 100 00 04', 1000);

    // The second administrator changes Khady's bank details; the screen says it was saved.
    const reviewerPage = await openApp({ locale: 'fr-FR', viewport: laptop });
    await signInInFrench(reviewerPage, reviewer);
    await reviewerPage.goto(`/UpdateMember/${khady.memberId}`);
    const account = `SN-${suffix}`;
    await reviewerPage.locator('input[name="bankName"]').fill('CBAO');
    await reviewerPage.locator('input[name="bankAccount"]').fill(account);
    await reviewerPage.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await reviewerPage.getByText(`Le membre ${khady.name} a été enregistré.`, { exact: true }).waitFor();

    // The first one downloads the village's covered plots, to fill in.
    const uploaderPage = await openApp({ locale: 'fr-FR', viewport: laptop });
    await signInInFrench(uploaderPage, uploader);
    const runs = new BenefitRunsPage(uploaderPage, 'fr');
    await runs.openFromMenu();
    await runs.openUpload();
    const assessmentId = `E2E-SAISON-${suffix}`;
    await uploaderPage.getByRole('textbox', { name: /^Référence de l’évaluation/ }).fill(assessmentId);
    await uploaderPage.getByRole('textbox', { name: 'Village', exact: true }).fill(village);
    const list = await downloaded(uploaderPage, () =>
      uploaderPage.getByRole('button', { name: 'Télécharger les parcelles couvertes', exact: true }).click(),
    );
    await uploaderPage.getByText(`4 parcelles listées dans ${list.name}.`).waitFor();
    const { records } = parseCsv(list.text, csvSeparatorOf(list.text));
    const [header = [], ...rows] = records.filter((record) => record.some((cell) => cell !== ''));
    expect(header).toEqual([
      'assessmentId',
      'assessmentDate',
      'memberFederation',
      'memberVillage',
      'memberName',
      'memberNumber',
      'plotName',
      'crop',
      'plotId',
      'damageIndex',
    ]);
    const column = (name: string) => header.indexOf(name);
    const byPlot = new Map(rows.map((row) => [row[column('plotId')], row]));
    expect([...byPlot.keys()].sort()).toEqual(
      [khady.plotId, moussa.plotId, binta.plotId, cheikh.plotId].sort(),
    );
    for (const row of rows) {
      expect(row[column('assessmentId')]).toBe(assessmentId);
      expect(row[column('memberVillage')]).toBe(village);
      expect(row[column('damageIndex')]).toBe('');
    }

    // Damage filled in for three plots (none for Binta's: nothing to pay); Cheikh's left blank.
    const damage = new Map([
      [khady.plotId, '0.5'],
      [moussa.plotId, '0.5'],
      [binta.plotId, '0'],
    ]);
    const filled = csvText(
      header,
      rows.map((row) =>
        row.map((cell, index) =>
          index === column('damageIndex') ? (damage.get(row[column('plotId')] ?? '') ?? '') : cell,
        ),
      ),
    );
    await runs.chooseFile(list.name, filled);
    await runs.startButton.click();
    await uploaderPage.waitForURL(/\/BenefitRun\/[^/]+$/);
    const runId = decodeURIComponent(new URL(uploaderPage.url()).pathname.split('/').at(-1) ?? '');
    await runs.waitForState("En attente d'approbation");
    expect(await runs.figureText('Lignes du fichier')).toBe(
      '4, dont 1 sans indice de dégâts ni montant (non évaluées)',
    );

    // Binta's refused row says why, in view at 1366 px without scrolling sideways.
    const table = uploaderPage.getByRole('table', { name: 'Lignes', exact: true });
    const bintaRow = table.locator('tbody tr').filter({ hasText: binta.name });
    const status = bintaRow.getByText('Refusée : Rien à payer', { exact: true });
    await status.waitFor();
    const box = await status.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(laptop.width);
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    // No scroller around the table was moved sideways to show it.
    const scrolled = await table.evaluate((element) => {
      type Box = { scrollLeft: number; parentElement: Box | null };
      let node: Box | null = element as unknown as Box;
      while (node && node.scrollLeft === 0) node = node.parentElement;
      return node?.scrollLeft ?? 0;
    });
    expect(scrolled).toBe(0);

    // The second administrator approves it; the job pays it.
    const review = await new BenefitRunsPage(reviewerPage, 'fr').openRun(runId);
    await review.review('approve', "Conforme au rapport d'indice");
    await review.waitForState('Payé');

    // In Logs, with names: the upload and the approval, then the bank details changed before it.
    const logs = await new LogsPage(uploaderPage, 'fr').open();
    await logs.showKind("Paiements d'indemnités");
    await expect
      .poll(async () =>
        (await logs.rowTexts())
          .filter((row) => row[3]?.includes(assessmentId))
          .map((row) => [row[1], row[2], row[4]]),
      )
      .toEqual([
        [
          `Ibrahima Sow ${reviewer.email}`,
          "Paiement d'indemnités approuvé",
          "Commentaire : Conforme au rapport d'indice",
        ],
        [
          `Aïssatou Diallo ${uploader.email}`,
          "Paiement d'indemnités déposé",
          `Référence de l'évaluation : ${assessmentId}`,
        ],
      ]);
    await logs.showKind('Membres et parcelles');
    // The kind's rows replace the runs' once read: until then the table still shows the runs.
    const bankEditRow = async () =>
      (await logs.rowTexts()).find(
        (row) => row[2] === 'Coordonnées bancaires du membre modifiées' && row[3]?.startsWith(khady.name),
      );
    await expect.poll(bankEditRow).toBeDefined();
    const bankEdit = await bankEditRow();
    expect(bankEdit?.[1]).toBe(`Ibrahima Sow ${reviewer.email}`);
    expect(bankEdit?.[4]).toContain(`Compte bancaire : — → ${account}`);
    expect(bankEdit?.[4]).toContain('Banque : — → CBAO');
  }, 300_000);

  test('lists exactly the two problems of a file with a bad first row and an unknown plot, in French, and gives the rows to correct', async ({
    openApp,
  }) => {
    const adminToken = await signIn(defaultLogins.adminEmail, defaultLogins.adminPassword);
    const uploader = await registeredAccount('Fatou Camara', 'ADMIN');
    const suffix = randomUUID().slice(0, 8);
    const known = await coveredMember(
      adminToken,
      { name: 'Awa Sall', village: `E2E ${suffix}`, federation: `E2E ${suffix}`, phone: '+221 70 200 00 01' },
      { startCoverageDate: isoDay(Date.now() - 75 * DAY_MS), contributions: [] },
    );
    const unknown = randomUUID();
    const today = isoDay(Date.now());
    const file = [
      'assessmentId,assessmentDate,plotId,damageIndex',
      `DRY ${suffix}!,${today},${known.plotId},0.5`,
      `DRY-${suffix},${today},${known.plotId},0.5`,
      `DRY-${suffix},${today},${unknown},0.5`,
    ].join('\n');
    const page = await openApp({ locale: 'fr-FR', viewport: laptop });
    await signInInFrench(page, uploader);
    const runs = new BenefitRunsPage(page, 'fr');
    await runs.openFromMenu();
    await runs.openUpload();
    await runs.chooseFile('secheresse.csv', file);
    await runs.startButton.click();
    await page.getByText('Le fichier a été refusé : 2 problèmes', { exact: true }).waitFor();
    const problems = page.getByRole('table', { name: 'Problèmes' }).locator('tbody tr');
    const texts = await Promise.all(
      (await problems.all()).map(async (row) => (await row.locator('th, td').allInnerTexts()).map(plain)),
    );
    expect(texts).toEqual([
      [
        '1',
        '2',
        'assessmentId',
        `assessmentId vaut « DRY ${suffix}! » sur cette ligne mais « DRY-${suffix} » sur les autres lignes du fichier : donnez la même valeur sur chaque ligne.`,
      ],
      [
        '3',
        '4',
        'plotId',
        `Aucune parcelle n'a l'identifiant « ${unknown} » : copiez-le depuis la page de la parcelle, ou depuis la liste téléchargée des parcelles couvertes.`,
      ],
    ]);
    expect(page.url()).toMatch(/\/NewBenefitRun$/);

    // The rows to correct, as a CSV: a line per problem with its row as the file gives it.
    const worklist = await downloaded(page, () =>
      page.getByRole('button', { name: 'Télécharger les lignes à corriger (CSV)', exact: true }).click(),
    );
    expect(worklist.name).toBe('secheresse_a-corriger.csv');
    const { records } = parseCsv(worklist.text.replace(/^\uFEFF/, ''), ',');
    expect(records.filter((record) => record.some((cell) => cell !== ''))).toEqual([
      [
        'Ligne de données',
        'Ligne CSV',
        'Champ',
        'Problème',
        'assessmentId',
        'assessmentDate',
        'plotId',
        'damageIndex',
      ],
      ['1', '2', 'assessmentId', texts[0]?.[3], `DRY ${suffix}!`, today, known.plotId, '0.5'],
      ['3', '4', 'plotId', texts[1]?.[3], `DRY-${suffix}`, today, unknown, '0.5'],
    ]);
  }, 120_000);
});
