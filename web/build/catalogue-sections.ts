import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { catalogueSections, type CatalogueSections } from '../src/i18n/catalogue-sections.ts';

const query = /\.json\?sections=(first|signedIn)$/;
const prefix = '\0catalogue-sections:';

/**
 * `import texts from './en.json?sections=signedIn'`: the part of a catalogue file a chunk needs
 * (src/i18n/catalogue-sections.ts), so that the login page's chunk carries none of the signed-in
 * screens' texts while the translators keep one file per language.
 */
export function catalogueSectionsPlugin(): Plugin {
  return {
    name: 'catalogue-sections',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = query.exec(source);
      if (!match || !importer) return;
      const file = resolve(dirname(importer), source.slice(0, source.indexOf('?')));
      // Not ending in .json: Vite's JSON plugin would take the module's code for JSON.
      return `${prefix}${match[1]}:${encodeURIComponent(file)}.js`;
    },
    async load(id) {
      if (!id.startsWith(prefix)) return;
      const [part = '', encoded = ''] = id.slice(prefix.length).split(':');
      const file = decodeURIComponent(encoded.replace(/\.js$/, ''));
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(catalogueSections(catalogue, part as CatalogueSections))};`;
    },
  };
}
