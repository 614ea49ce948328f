import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** An icon of Cloudscape's generated set: its name and its entry as written in icons.js. */
interface IconEntry {
  name: string;
  text: string;
}

// Each icon is a property of the set's object, four spaces in: `    "add-plus": React.createElement(…`.
const entryStart = /\n(?= {4}"[a-z0-9-]+": )/;

/** The entries of Cloudscape's icons.js, with what comes before the first and after the last. */
export const iconEntries = (code: string): { head: string; entries: IconEntry[]; tail: string } => {
  const [head = '', ...rest] = code.split(entryStart);
  const last = rest.pop() ?? '';
  // The last entry ends the object: `…))\n};\nexport default icons;`.
  const end = last.lastIndexOf('\n};');
  const blocks = [...rest, last.slice(0, end)];
  return {
    head,
    entries: blocks.map((text) => ({ name: /^ {4}"([a-z0-9-]+)"/.exec(text)?.[1] ?? '', text })),
    tail: last.slice(end),
  };
};

/** The icon names that some source names as a quoted string ("close", 'close'). */
export const namedIcons = (names: readonly string[], sources: Iterable<string>): Set<string> => {
  const named = new Set<string>();
  for (const source of sources) {
    for (const name of names) {
      if (!named.has(name) && (source.includes(`"${name}"`) || source.includes(`'${name}'`))) named.add(name);
    }
  }
  return named;
};

/** icons.js with only the icons kept (each entry ends with its comma but the last). */
export const pruneIcons = (code: string, keep: ReadonlySet<string>): string => {
  const { head, entries, tail } = iconEntries(code);
  const kept = entries.filter(({ name }) => keep.has(name)).map(({ text }) => text.replace(/,\s*$/, ''));
  return `${head}\n${kept.join(',\n')}${tail}`;
};

/** Every file under a folder whose name ends with one of the extensions. */
const filesUnder = (folder: string, extensions: readonly string[]): string[] =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && extensions.some((extension) => entry.name.endsWith(extension)))
    .map((entry) => join(entry.parentPath, entry.name));

export interface CloudscapeIconsOptions {
  /** The folder of @cloudscape-design/components. */
  components: string;
  /** The app's sources (src/). */
  app: string;
}

/**
 * Keeps in the bundle only the Cloudscape icons that a Cloudscape component or the app names: the whole
 * set (143 SVGs, about 8.6 KB gzipped) is in the code of every page, the login page's included, and
 * fewer than half are ever drawn. Conservative: a name quoted anywhere in Cloudscape's code (used by the
 * app or not) or in the app's keeps its icon; a name the app would build at run time must be written
 * out (a test checks there is none).
 */
export function cloudscapeIcons({ components, app }: CloudscapeIconsOptions): Plugin {
  let keep: Set<string> | undefined;
  return {
    name: 'cloudscape-icons',
    apply: 'build',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('@cloudscape-design/components/icon/generated/icons.js')) return;
      if (!keep) {
        const names = iconEntries(code).entries.map(({ name }) => name);
        const sources = [
          ...filesUnder(components, ['.js']).filter((file) => !/[\\/]icon[\\/]generated[\\/]/.test(file)),
          ...filesUnder(app, ['.ts', '.tsx']),
        ].map((file) => readFileSync(file, 'utf8'));
        keep = namedIcons(names, sources);
      }
      return { code: pruneIcons(code, keep), map: null };
    },
  };
}
