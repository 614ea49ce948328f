import { describe, expect, it } from 'vitest';
import { composeMail } from './mail-templates.ts';

describe('the new-administrator mails', () => {
  const fields = { by: 'Ada <ada@x.org>', account: 'Ben <ben@x.org>', at: '2026-11-27T10:05:00.000Z' };

  it('should say who made which account an administrator, and when, in the recipient’s language', () => {
    expect(composeMail('administratorCreated', 'fr', 'zoe@x.org', fields)).toMatchObject({
      to: ['zoe@x.org'],
      subject: 'Un nouveau compte administrateur a été créé',
      text: expect.stringMatching(
        /^Ada <ada@x\.org> a créé le compte administrateur Ben <ben@x\.org> le 27 novembre 2026 à 10:05 UTC\.\n/,
      ),
    });
    expect(composeMail('administratorPromoted', undefined, 'zoe@x.org', fields).text).toMatch(
      /^Ada <ada@x\.org> made the account Ben <ben@x\.org> an administrator on 27 November 2026 at 10:05 UTC\.\n/,
    );
  });

  it('should tell the recipient what to do when they do not know why', () => {
    expect(composeMail('administratorCreated', 'en', 'zoe@x.org', fields).text).toContain(
      'deactivate it in Users',
    );
    expect(composeMail('administratorPromoted', 'fr', 'zoe@x.org', fields).text).toContain(
      'désactivez-le dans Utilisateurs',
    );
  });
});
