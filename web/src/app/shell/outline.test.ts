import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import { membersOutline } from '../../pages/members/heading.ts';
import { buildOutline, catalogueText, outlineAt } from './outline.ts';

describe('screen outline', () => {
  it('should outline the member list only, at its address as the router reads it', () => {
    expect(outlineAt('/Members')).toBe(membersOutline);
    expect(outlineAt('/members/')).toBe(membersOutline);
    expect(outlineAt('/')).toBeUndefined();
    expect(outlineAt('/Dashboard')).toBeUndefined();
    expect(outlineAt('/Member/m.1')).toBeUndefined();
    expect(outlineAt('/AdminMembers')).toBeUndefined();
  });

  it('should find every text of the outline in both catalogues', () => {
    for (const catalogue of [en, fr]) {
      for (const key of Object.values(membersOutline)) {
        expect(catalogueText(catalogue, key), key).not.toBe(key);
      }
    }
    expect(catalogueText(fr, membersOutline.heading)).toBe('Membres');
    // A missing key shows as itself, as i18next shows it.
    expect(catalogueText(en, 'members.list.nothing')).toBe('members.list.nothing');
    expect(catalogueText(en, 'members.list')).toBe('members.list');
  });

  it('should draw the heading, a disabled search field and a loading status, hidden from assistive technology but the status', () => {
    const outline = buildOutline({
      heading: 'Members',
      search: 'Search members',
      loading: 'Loading members',
    });
    document.body.replaceChildren(outline);

    const heading = outline.querySelector('.screen-outline__heading');
    expect(heading?.textContent).toBe('Members');
    expect(heading?.getAttribute('aria-hidden')).toBe('true');
    // Not a level-1 heading: the screen brings its own.
    expect(outline.querySelector('h1, [role="heading"]')).toBeNull();
    const search = outline.querySelector('input');
    expect(search?.placeholder).toBe('Search members');
    expect(search?.disabled).toBe(true);
    expect(search?.getAttribute('aria-hidden')).toBe('true');
    expect(outline.querySelector('[role="status"]')?.textContent).toBe('Loading members');
  });
});
