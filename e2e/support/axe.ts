import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * Parts of a page left out of the check, each with its reason (docs/decisions.md): only third-party
 * markup this project cannot change.
 */
const excluded: readonly { selector: string; reason: string }[] = [];

export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is; returns its serious and critical violations. */
export const check = async (page: Page, screen: string): Promise<Finding[]> => {
  // What a user sees once it has settled: a message fading in, measured half-way, fails color-contrast.
  await page.evaluate(
    `Promise.all(document.getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined))).then(() => true)`,
  );
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (exclude) =>
      (globalThis as unknown as { axe: typeof axe }).axe.run(
        { include: [['html']], exclude: exclude.map((selector) => [selector]) },
        { resultTypes: ['violations'] },
      ),
    excluded.map(({ selector }) => selector),
  );
  return results.violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({
      screen,
      rule: id,
      impact: impact ?? '',
      help,
      targets: nodes.map(({ target }) => target.join(' ')),
    }));
};
