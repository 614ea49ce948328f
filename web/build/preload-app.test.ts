import { describe, expect, it } from 'vitest';
import { preloadTags, type BuiltChunk } from './preload-app.ts';

const chunk = (name: string, imports: string[] = [], isEntry = false): BuiltChunk => ({
  type: 'chunk',
  name,
  fileName: `assets/${name}-h.js`,
  isEntry,
  imports,
});

const bundle = {
  index: chunk('index', ['assets/app-h.js'], true),
  app: chunk('app', ['assets/runtime-h.js', 'assets/index-h.js']),
  runtime: chunk('runtime'),
  login: chunk('login', ['assets/app-h.js']),
  logo: { type: 'asset' as const },
};

describe('preloadTags', () => {
  it("should name the app's chunk and its static imports, not the entry nor the lazy ones", () => {
    expect(preloadTags(bundle, 'app').map(({ attrs }) => `${attrs?.rel} ${attrs?.href}`)).toEqual([
      'modulepreload /assets/app-h.js',
      'modulepreload /assets/runtime-h.js',
    ]);
  });

  it('should fail the build when the chunk is gone', () => {
    expect(() => preloadTags(bundle, 'start')).toThrow('no chunk named start');
  });
});
