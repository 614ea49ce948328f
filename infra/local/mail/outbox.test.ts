import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linksIn, outboxTransport, readOutbox, waitForMail } from './outbox.ts';

describe('mail outbox', () => {
  let directory: string;
  beforeEach(async () => {
    directory = join(await mkdtemp(join(tmpdir(), 'outbox-')), 'outbox');
  });
  afterEach(() => rm(join(directory, '..'), { recursive: true, force: true }));

  it('should keep each mail with its date and links, in sending order', async () => {
    const lines: string[] = [];
    const transport = outboxTransport(directory, (line) => lines.push(line));
    await transport.deliver({ to: ['a@demo.local'], subject: 'First', text: 'Hello' });
    await transport.deliver({
      to: ['b@demo.local'],
      subject: 'Register',
      text: 'Open http://localhost:3000/register/abc to start.',
    });
    const mails = await readOutbox(directory);
    expect(mails.map((mail) => mail.subject)).toEqual(['First', 'Register']);
    expect(mails[1]).toMatchObject({ to: ['b@demo.local'], links: ['http://localhost:3000/register/abc'] });
    expect(Date.parse(mails[1]?.date ?? '')).not.toBeNaN();
    expect(lines).toContain('[mail]   http://localhost:3000/register/abc');
  });

  it('should list mails sent at once, in the same millisecond, in sending order', async () => {
    const transport = outboxTransport(directory, () => undefined);
    const subjects = Array.from({ length: 40 }, (_, index) => `Mail ${index}`);
    await Promise.all(
      subjects.map((subject) => transport.deliver({ to: ['a@demo.local'], subject, text: 'x' })),
    );
    expect((await readOutbox(directory)).map((mail) => mail.subject)).toEqual(subjects);
  });

  it('should go on after the mails already in the folder, even when the clock is behind them', async () => {
    await mkdir(directory, { recursive: true });
    const ahead = String(Date.now() + 3_600_000).padStart(14, '0');
    await writeFile(join(directory, `${ahead}-0a1b2c3d.json`), JSON.stringify({ subject: 'Earlier run' }));
    const transport = outboxTransport(directory, () => undefined);
    await transport.deliver({ to: ['a@demo.local'], subject: 'This run', text: 'x' });
    await transport.deliver({ to: ['a@demo.local'], subject: 'Then', text: 'x' });
    expect((await readOutbox(directory)).map((mail) => mail.subject)).toEqual([
      'Earlier run',
      'This run',
      'Then',
    ]);
  });

  it('should read a missing outbox as empty', async () => {
    expect(await readOutbox(directory)).toEqual([]);
  });

  it('should wait for a mail that arrives later', async () => {
    const transport = outboxTransport(directory, () => undefined);
    setTimeout(() => void transport.deliver({ to: ['late@demo.local'], subject: 'Late', text: 'x' }), 50);
    const mail = await waitForMail(directory, (candidate) => candidate.to.includes('late@demo.local'));
    expect(mail.subject).toBe('Late');
  });

  it('should give up after the timeout', async () => {
    await expect(waitForMail(directory, () => true, { timeoutMs: 50 })).rejects.toThrow(/No matching mail/);
  });
});

describe('linksIn', () => {
  it('should find http and https links and stop at punctuation around them', () => {
    expect(linksIn('See (https://x.test/a?b=1) and <http://y.test/c>. Or http://z.test/d.')).toEqual([
      'https://x.test/a?b=1',
      'http://y.test/c',
      'http://z.test/d',
    ]);
  });
});
