import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconEntries, namedIcons, pruneIcons } from './cloudscape-icons.ts';

const require = createRequire(import.meta.url);
const iconsFile = join(
  dirname(require.resolve('@cloudscape-design/components/package.json')),
  'icon/generated/icons.js',
);
const code = readFileSync(iconsFile, 'utf8');
const src = join(dirname(require.resolve('@cpbo/web/package.json')), 'src');

describe('the Cloudscape icons kept', () => {
  it('should read every icon of the generated set', () => {
    const { entries } = iconEntries(code);
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.every(({ name }) => /^[a-z0-9-]+$/.test(name))).toBe(true);
    expect(entries.map(({ name }) => name)).toContain('close');
  });

  it('should keep the icons named, as valid code defining exactly those', () => {
    const pruned = pruneIcons(code, new Set(['close', 'search', 'add-plus']));
    expect(iconEntries(pruned).entries.map(({ name }) => name)).toEqual(['add-plus', 'close', 'search']);
    // The module's body still runs and gives the icons kept.
    const body = pruned
      .replace("import React from 'react';", '')
      .replace('export default icons;', 'return icons;')
      .replace(/\/\/# sourceMappingURL=.*$/, '');
    const icons = new Function('React', body)({ createElement: (...parts: unknown[]) => parts }) as object;
    expect(Object.keys(icons).sort()).toEqual(['add-plus', 'close', 'search']);
  });

  it('should keep an icon named in single or double quotes, and no other', () => {
    expect(namedIcons(['close', 'search', 'upload'], [`x = "close"`, `iconName: 'search'`])).toEqual(
      new Set(['close', 'search']),
    );
  });

  it('should find every icon the app names written out, none built at run time', () => {
    const sources = readdirSync(src, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.'))
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
    // An icon name made of parts (`iconName={`status-${kind}`}`) would be left out of the bundle.
    expect(sources.filter((source) => /iconName=\{`|iconName: `/.test(source))).toEqual([]);
  });
});
