import type { HtmlTagDescriptor, Plugin } from 'vite';

/** What the build says of a chunk: enough to find the app's chunk and what it needs. */
export interface BuiltChunk {
  type: 'chunk';
  name: string;
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
}

/**
 * The tags that fetch a chunk and the chunks it imports statically with the page: the page's first module would
 * otherwise ask for them only once it has arrived and run. Not their CSS: a stylesheet in the head would hold
 * the first paint (measured: first contentful paint 0.4 to 0.5 s later in Lighthouse's simulation); the
 * module's import fetches it.
 */
export const preloadTags = (
  bundle: Readonly<Record<string, BuiltChunk | { type: 'asset' }>>,
  chunkName: string,
): HtmlTagDescriptor[] => {
  const chunks = Object.values(bundle).filter((output): output is BuiltChunk => output.type === 'chunk');
  const root = chunks.find(({ name }) => name === chunkName);
  if (!root) throw new Error(`The build has no chunk named ${chunkName}`);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: BuiltChunk[] = [];
  const visit = (chunk: BuiltChunk): void => {
    // The page's first module has its own tags already.
    if (files.includes(chunk) || chunk.isEntry) return;
    files.push(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  visit(root);
  return files.map((chunk) => ({
    tag: 'link',
    attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
    injectTo: 'head',
  }));
};

/**
 * Every page runs the app's chunk (React, the router, the session, i18next; web/build/screen-chunks.ts): index.html
 * names it, so that it is fetched beside the page's first module instead of after it.
 */
export const preloadApp = (chunkName = 'app'): Plugin => ({
  name: 'cpbo:preload-app',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle }) =>
      bundle ? preloadTags(bundle as Record<string, BuiltChunk | { type: 'asset' }>, chunkName) : [],
  },
});
