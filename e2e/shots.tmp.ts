import { launchBrowser } from './support/browser.ts';

const base = 'http://localhost:3939';
const [locale = 'en-US', ...paths] = process.argv.slice(2);
const browser = await launchBrowser();
const context = await browser.newContext({ locale, viewport: { width: 1366, height: 768 }, baseURL: base });
const page = await context.newPage();
await page.goto('/');
await page.getByLabel(/mail/i).first().fill('admin@demo.local');
await page
  .getByLabel(/(Password|Mot de passe)/)
  .first()
  .fill('Demo-admin-2026');
await page.keyboard.press('Enter');
await page.waitForTimeout(3000);
for (const path of paths) {
  const started = Date.now();
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(800);
  const name = `${locale}${path.replace(/[^\w]+/g, '_')}`;
  await page.screenshot({ path: `/tmp/w39/shots/${name}.png`, fullPage: false });
  console.log(name, Date.now() - started, 'ms');
}
await browser.close();
