import { describe, expect, it } from 'vitest';
import { closureChunk, screenChunks, staticClosure, type ModuleGraph } from './screen-chunks.ts';

// A small app: the login page and the member list share a form field; the member list and the frame use a
// table; the member list loads its preferences lazily (not a static import, so not in its closure).
const imports: Record<string, string[]> = {
  '/web/src/app/start.tsx': ['/web/react.js'],
  '/web/react.js': [],
  '/web/src/pages/login/index.tsx': ['/web/cs/form-field.js', '/web/cs/input.js', '/web/react.js'],
  '/web/src/app/shell/app-shell.tsx': ['/web/cs/side-navigation.js', '/web/cs/link.js'],
  '/web/src/pages/members/index.tsx': ['/web/cs/table.js', '/web/cs/form-field.js', '/web/react.js'],
  '/web/cs/table.js': ['/web/cs/internal.js'],
  '/web/cs/side-navigation.js': ['/web/cs/internal.js'],
  '/web/cs/form-field.js': ['/web/cs/label.js'],
  '/web/cs/input.js': [],
  '/web/cs/link.js': [],
  '/web/cs/internal.js': [],
  '/web/cs/label.js': [],
  '/web/src/pages/members/preferences.tsx': ['/web/cs/modal.js'],
  '/web/cs/modal.js': [],
};
const graph: ModuleGraph = {
  getModuleInfo: (id) => (imports[id] ? { importedIds: imports[id] } : null),
};

const groups = screenChunks({
  root: '/web',
  app: ['src/app/start.tsx'],
  signedIn: ['src/app/shell/app-shell.tsx', 'src/pages/members/index.tsx'],
  signedOut: ['src/pages/login/index.tsx'],
  priority: 1,
});
const chunkOf = (id: string): string[] =>
  groups.map(({ name }) => name(id, graph)).filter((name): name is string => name !== null);

describe('screenChunks', () => {
  it('should follow static imports only, roots included', () => {
    expect([...staticClosure(['/web/src/pages/members/index.tsx'], graph)].sort()).toEqual([
      '/web/cs/form-field.js',
      '/web/cs/internal.js',
      '/web/cs/label.js',
      '/web/cs/table.js',
      '/web/react.js',
      '/web/src/pages/members/index.tsx',
    ]);
  });

  it('should put what only the signed-in screen needs in one chunk, the frame and the screen themselves included', () => {
    for (const id of [
      '/web/src/app/shell/app-shell.tsx',
      '/web/src/pages/members/index.tsx',
      '/web/cs/table.js',
      '/web/cs/side-navigation.js',
      '/web/cs/internal.js',
      '/web/cs/link.js',
    ]) {
      expect(chunkOf(id), id).toEqual(['signed-in']);
    }
  });

  it('should put what the login page needs too in the shared chunk, so the login page loads nothing more', () => {
    expect(chunkOf('/web/cs/form-field.js')).toEqual(['shared']);
    expect(chunkOf('/web/cs/label.js')).toEqual(['shared']);
  });

  it('should leave the login page alone and what loads later to automatic splitting', () => {
    for (const id of [
      '/web/src/pages/login/index.tsx',
      '/web/cs/input.js',
      '/web/src/pages/members/preferences.tsx',
      '/web/cs/modal.js',
    ]) {
      expect(chunkOf(id), id).toEqual([]);
    }
  });

  it('should take the shared modules first, before the signed-in group could pull them in', () => {
    const [, shared, signedIn] = groups;
    expect(shared?.priority).toBeGreaterThan(signedIn?.priority ?? Infinity);
  });

  it("should put the app's code in a chunk of its own, taken before the screens' groups", () => {
    expect(chunkOf('/web/src/app/start.tsx')).toEqual(['app']);
    // The login page imports it too: the app's chunk takes it first.
    expect(chunkOf('/web/react.js')).toEqual(['app', 'shared']);
    const [app, ...screens] = groups;
    for (const group of screens) expect(app?.priority).toBeGreaterThan(group.priority);
  });
});

describe('screenChunks with parts of the signed-in side apart', () => {
  const apart = screenChunks({
    root: '/web',
    app: ['src/app/start.tsx'],
    signedIn: ['src/app/shell/app-shell.tsx', 'src/pages/members/index.tsx'],
    signedOut: ['src/pages/login/index.tsx'],
    priority: 1,
    signedInApart: [{ name: 'tables', test: /\/cs\/(table|label)\.js$/ }],
  });
  const chunksOf = (id: string): string[] =>
    apart.map(({ name }) => name(id, graph)).filter((name): name is string => name !== null);

  it('should put the signed-in modules its test names in its own chunk, taken before the signed-in one', () => {
    expect(chunksOf('/web/cs/table.js')).toEqual(['tables', 'signed-in']);
    const tables = apart.find(({ name }) => name('/web/cs/table.js', graph) === 'tables');
    const signedIn = apart.find(({ name }) => name('/web/cs/table.js', graph) === 'signed-in');
    expect(tables?.priority).toBeGreaterThan(signedIn?.priority ?? Infinity);
    expect(chunksOf('/web/cs/side-navigation.js')).toEqual(['signed-in']);
  });

  it('should leave what the login page shares where it was, whatever the test says', () => {
    expect(chunksOf('/web/cs/label.js')).toEqual(['shared']);
  });
});

describe('closureChunk', () => {
  it('should name the static closure of its modules, and nothing else', () => {
    const table = closureChunk({ root: '/web', name: 'table', modules: ['cs/table.js'], priority: 4 });
    expect(table.priority).toBe(4);
    expect(table.name('/web/cs/table.js', graph)).toBe('table');
    expect(table.name('/web/cs/internal.js', graph)).toBe('table');
    expect(table.name('/web/cs/side-navigation.js', graph)).toBeNull();
    expect(table.name('/web/src/pages/members/index.tsx', graph)).toBeNull();
  });
});
