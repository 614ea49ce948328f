import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths, pathTo } from './paths.ts';
import { screens } from './screens.ts';

describe('paths', () => {
  it('should build the links of the spec, each parameter encoded as one segment', () => {
    expect(paths.member('m/1 é')).toBe('/Member/m%2F1%20%C3%A9');
    expect(paths.newPlot('m-1')).toBe('/Member/m-1/Field');
    expect(paths.plot('m-1', 'p?2')).toBe('/Member/m-1/Field/p%3F2');
    expect(paths.updateUser('agent@example.org')).toBe('/UpdateUser/agent%40example.org');
    expect(paths.enablerConfig('e-1', 'c#3')).toBe('/Enabler/e-1/Config/c%233');
    expect(paths.newEnablerConfig('e-1')).toBe('/Enabler/e-1/NewConfig');
    expect([paths.home, paths.signIn, paths.members, paths.adminUsers]).toEqual([
      '/',
      '/',
      '/Members',
      '/AdminUsers',
    ]);
  });

  it('should lead each link back to its own screen', () => {
    const link = paths.plot('m-1', 'p-2');
    const matched = screens.filter(({ path, access }) => access !== 'anonymous' && matchPath(path, link));
    expect(matched.map(({ id }) => id)).toEqual(['plot']);
    expect(matchPath('/Member/:id', paths.member('a/b'))?.params.id).toBe('a/b');
  });

  it('should refuse a link without one of its parameters', () => {
    expect(() => pathTo('member')).toThrow('No id for the member screen');
  });
});
