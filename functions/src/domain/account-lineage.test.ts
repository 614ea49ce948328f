import { describe, expect, it } from 'vitest';
import { lineageBroughtInBy, ofUploadersLine, reviewerLink, type AccountLineage } from './account-lineage.ts';

/** Accounts as the table keeps them, by e-mail: created by a script or an administrator, promoted, deleted. */
const accounts = () => {
  const byEmail = new Map<string, AccountLineage>();
  const get = (email: string): AccountLineage => {
    const account = byEmail.get(email);
    if (!account) throw new Error(`no account ${email}`);
    return account;
  };
  return {
    get,
    script: (email: string) => void byEmail.set(email, { email, broughtInBy: [] }),
    create: (by: string, email: string) =>
      void byEmail.set(email, { email, broughtInBy: lineageBroughtInBy(get(by)) }),
    promote: (by: string, email: string) =>
      void byEmail.set(email, { email, broughtInBy: lineageBroughtInBy(get(by), get(email).broughtInBy) }),
    remove: (email: string) => void byEmail.delete(email),
  };
};

describe("an account's lineage", () => {
  it('should hold whoever brought it in, and whoever brought those in, once each and sorted', () => {
    expect(lineageBroughtInBy({ email: 'root@x.org', broughtInBy: [] })).toEqual(['root@x.org']);
    expect(
      lineageBroughtInBy({ email: 'b@x.org', broughtInBy: ['root@x.org', 'a@x.org'] }, [
        'c@x.org',
        'a@x.org',
      ]),
    ).toEqual(['a@x.org', 'b@x.org', 'c@x.org', 'root@x.org']);
  });

  it('should keep a promotion beside the creation: both brought the account in', () => {
    const table = accounts();
    table.script('root@x.org');
    table.create('root@x.org', 'a@x.org');
    table.create('root@x.org', 'b@x.org');
    table.create('a@x.org', 'agent@x.org');
    table.promote('b@x.org', 'agent@x.org');
    expect(table.get('agent@x.org').broughtInBy).toEqual(['a@x.org', 'b@x.org', 'root@x.org']);
  });
});

describe("a benefit run's reviewer", () => {
  const table = accounts();
  table.script('root@x.org');
  table.script('other-root@x.org');
  table.create('root@x.org', 'uploader@x.org');
  table.create('root@x.org', 'sibling@x.org');
  table.create('uploader@x.org', 'puppet@x.org');
  table.create('puppet@x.org', 'puppets-puppet@x.org');
  table.create('other-root@x.org', 'agent@x.org');
  table.promote('uploader@x.org', 'agent@x.org');
  const uploader = table.get('uploader@x.org');
  const linkOf = (email: string) => reviewerLink(uploader, table.get(email));

  it('should be the uploader only for the uploader', () => {
    expect(linkOf('uploader@x.org')).toBe('SAME_ACCOUNT');
    expect(ofUploadersLine(linkOf('uploader@x.org'))).toBe(false);
  });

  it('should be linked when the uploader brought it in, directly, through an account it brought in, or by a promotion', () => {
    expect(linkOf('puppet@x.org')).toBe('BROUGHT_IN_BY_UPLOADER');
    expect(linkOf('puppets-puppet@x.org')).toBe('BROUGHT_IN_BY_UPLOADER');
    expect(linkOf('agent@x.org')).toBe('BROUGHT_IN_BY_UPLOADER');
    for (const email of ['puppet@x.org', 'puppets-puppet@x.org', 'agent@x.org'])
      expect(ofUploadersLine(linkOf(email))).toBe(true);
  });

  it('should be linked when it brought the uploader in, directly or not', () => {
    expect(linkOf('root@x.org')).toBe('BROUGHT_IN_UPLOADER');
    expect(reviewerLink(table.get('puppets-puppet@x.org'), uploader)).toBe('BROUGHT_IN_UPLOADER');
    expect(ofUploadersLine(linkOf('root@x.org'))).toBe(true);
  });

  it('should be independent when neither brought the other in: a sibling, another line, a script account', () => {
    expect(linkOf('sibling@x.org')).toBe('INDEPENDENT');
    expect(linkOf('other-root@x.org')).toBe('INDEPENDENT');
    expect(reviewerLink(table.get('root@x.org'), table.get('other-root@x.org'))).toBe('INDEPENDENT');
    expect(ofUploadersLine(linkOf('sibling@x.org'))).toBe(false);
    expect(ofUploadersLine(linkOf('other-root@x.org'))).toBe(false);
  });

  it('should stay linked after the account in between is deleted', () => {
    const chain = accounts();
    chain.script('uploader@x.org');
    chain.create('uploader@x.org', 'middle@x.org');
    chain.create('middle@x.org', 'end@x.org');
    chain.remove('middle@x.org');
    expect(reviewerLink(chain.get('uploader@x.org'), chain.get('end@x.org'))).toBe('BROUGHT_IN_BY_UPLOADER');
  });

  it('should take the lineage of its new account when an address is deleted and created again', () => {
    const again = accounts();
    again.script('uploader@x.org');
    again.script('stranger@x.org');
    again.create('uploader@x.org', 'reused@x.org');
    again.remove('reused@x.org');
    again.create('stranger@x.org', 'reused@x.org');
    expect(again.get('reused@x.org').broughtInBy).toEqual(['stranger@x.org']);
    expect(reviewerLink(again.get('uploader@x.org'), again.get('reused@x.org'))).toBe('INDEPENDENT');
  });
});
