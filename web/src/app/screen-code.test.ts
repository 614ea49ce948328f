import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pathFits, screenAt } from './screen-code.ts';
import { screens } from '../navigation/screens.ts';

// An address for a pattern, each parameter an id as they come (dots, @, encoded characters).
const addressOf = (pattern: string) => pattern.replace(/:[^/]+/g, 'agent%40example.org');

describe('screen code', () => {
  it('should read every screen address as the router does', () => {
    for (const screen of screens) {
      for (const other of screens) {
        const address = addressOf(other.path);
        expect(pathFits(screen.path, address), `${screen.path} at ${address}`).toBe(
          matchPath(screen.path, address) !== null,
        );
      }
    }
  });

  it('should find the screen of an address for a signed-in or a signed-out visitor', () => {
    expect(screenAt('/Members', 'signedIn')).toBe('members');
    expect(screenAt('/members/', 'signedIn')).toBe('members');
    expect(screenAt('/Member/m.1/Field/p.2', 'signedIn')).toBe('plot');
    expect(screenAt('/', 'signedIn')).toBe('home');
    expect(screenAt('/', 'anonymous')).toBe('login');
    expect(screenAt('/register/abc.def', 'anonymous')).toBe('register');
    // Not a screen of that visitor: nothing to fetch ahead (a signed-out visitor gets the login page).
    expect(screenAt('/Members', 'anonymous')).toBeUndefined();
    expect(screenAt('/AdminUsers', 'signedIn')).toBeUndefined();
    expect(screenAt('/Member', 'signedIn')).toBeUndefined();
  });
});
