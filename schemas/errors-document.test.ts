import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, errorCodes } from './error-catalogue.ts';
import { errorDescriptions } from './error-descriptions.ts';
import { errorsDocument, errorsDocumentOf, errorsDocumentUrl } from './errors-document.ts';

describe('docs/errors.md', () => {
  it('is what npm run generate:errors writes from the catalogue and the translations', async () => {
    const expected = await errorsDocument();
    expect(readFileSync(errorsDocumentUrl, 'utf8'), 'run npm run generate:errors').toBe(expected);
  });

  it('lists every code once, with its status, when it happens and both messages', () => {
    const en = Object.fromEntries(errorCodes.map((code) => [code, `en of ${code}`]));
    const fr = Object.fromEntries(errorCodes.map((code) => [code, `fr of ${code}`]));
    const sections = errorsDocumentOf(en, fr).split('\n### ').slice(1);
    expect(sections.map((section) => /^`(\w+)`/.exec(section)?.[1])).toEqual(
      expect.arrayContaining([...errorCodes]),
    );
    expect(sections).toHaveLength(errorCodes.length);
    for (const code of errorCodes) {
      const section = sections.find((text) => text.startsWith(`\`${code}\``)) as string;
      expect(section.split('\n')[0]).toBe(`\`${code}\` (${errorCatalogue[code].status})`);
      expect(section).toContain(`\n\n${errorDescriptions[code]}\n\n`);
      expect(section).toContain(`\n- en: en of ${code}\n`);
      expect(section).toContain(`\n- fr: fr of ${code}\n`);
    }
  });

  it('shows a missing message as missing', () => {
    expect(errorsDocumentOf({}, {})).toContain('(missing)');
  });
});
