import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { anonymousRoutes, screenRoutesFor } from './routes.tsx';
import { isSpaFile, spaFallbackFunctionCode } from './spa-fallback.ts';

/** The CloudFront function, run from its code alone in an empty context, as CloudFront runs it. */
const cloudFrontUri = (uri: string): string => {
  const handler = runInNewContext(`${spaFallbackFunctionCode}; handler`) as (event: unknown) => {
    uri: string;
  };
  return handler({ request: { method: 'GET', uri, headers: {}, querystring: {}, cookies: {} } }).uri;
};

// Ids as users make them: e-mail addresses, dotted ids, and last segments that end like file names.
const ids = [
  'agent@example.org',
  'agent%40example.org',
  'first.last@coop.example.sn',
  'm.1',
  'v1.2.3',
  'report.json',
  'logo.png',
  'main.js',
  'a@b.c',
];

const screenPaths = (): string[] => {
  const routes = [...anonymousRoutes, ...screenRoutesFor('ADMIN')];
  return routes.flatMap(({ path }) =>
    path.includes(':') ? ids.map((id) => path.replace(/:\w+/g, id)) : [path],
  );
};

describe('the SPA fallback rule', () => {
  it('should cover every screen route, with ids in every parameter', () => {
    const paths = screenPaths();
    expect(paths).toContain('/UpdateUser/agent%40example.org');
    expect(paths).toContain('/Member/m.1/Field/m.1');
    expect(paths.length).toBeGreaterThan(100);
  });

  it('should take every screen address for a screen, locally and in CloudFront', () => {
    for (const path of screenPaths()) {
      expect(isSpaFile(path), path).toBe(false);
      expect(cloudFrontUri(path), path).toBe('/index.html');
    }
  });

  it.each([
    '/assets/index-Bx1.js',
    '/assets/index-Bx1.css',
    '/assets/logo-a03.svg',
    '/assets/missing.js',
    '/assets/index-Bx1.js.map',
    '/index.html',
    '/config.json',
    '/favicon.ico',
  ])('should take %s for a file, in CloudFront too', (path) => {
    expect(isSpaFile(path)).toBe(true);
    expect(cloudFrontUri(path)).toBe(path);
  });

  it.each(['/', '/Members', '/nowhere', '/Member/m.1', '/unknown/place.html'])(
    'should give index.html for %s in CloudFront as locally',
    (path) => {
      expect(isSpaFile(path)).toBe(false);
      expect(cloudFrontUri(path)).toBe('/index.html');
    },
  );
});
