import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MailMessage, MailTransport } from '@cpbo/functions/platform/mail.ts';

/** One mail as the outbox keeps it: a JSON file per mail, named so that the listing is in sending order. */
export interface OutboxMail extends MailMessage {
  date: string;
  links: string[];
}

/** The links of a mail text, without the punctuation that ends a sentence after them. */
export const linksIn = (text: string): string[] =>
  (text.match(/https?:\/\/[^\s<>"'`)\]]+/g) ?? []).map((link) => link.replace(/[.,;:!?]+$/, ''));

/** Digits of a mail's sequence number in its file name (a millisecond time has 13 until 2286). */
const SEQUENCE_DIGITS = 14;

const sequenceOf = (file: string): number => Number(file.slice(0, SEQUENCE_DIGITS)) || 0;

/**
 * Stands in for SES: writes each mail to `directory` and prints who gets it and its links. Each file is
 * named by a sequence number that only grows: the millisecond time, or one more than the last mail's
 * when the clock has not moved on (two mails in one millisecond) or went back, continuing after the
 * mails already in the folder. So the listing is the sending order, as the file names sort.
 */
export const outboxTransport = (directory: string, log: (line: string) => void): MailTransport => {
  let lastSequence: number | undefined;
  let turns: Promise<unknown> = Promise.resolve();
  /** Numbers are handed out in call order: each waits for the one before it. */
  const nextSequence = (): Promise<number> => {
    const turn = turns.then(async () => {
      if (lastSequence === undefined) {
        await mkdir(directory, { recursive: true });
        lastSequence = (await readdir(directory)).reduce((high, file) => Math.max(high, sequenceOf(file)), 0);
      }
      lastSequence = Math.max(Date.now(), lastSequence + 1);
      return lastSequence;
    });
    turns = turn.catch(() => undefined);
    return turn;
  };
  return {
    async deliver(message) {
      const sequence = await nextSequence();
      await mkdir(directory, { recursive: true });
      const date = new Date();
      const mail: OutboxMail = { ...message, date: date.toISOString(), links: linksIn(message.text) };
      const file = `${String(sequence).padStart(SEQUENCE_DIGITS, '0')}.json`;
      // Written aside, then renamed: a reader of the outbox never sees half a mail. 'wx': never overwrite
      // a mail, even if another process writes to the same folder.
      await writeFile(join(directory, `${file}.part`), `${JSON.stringify(mail, null, 2)}\n`, { flag: 'wx' });
      await rename(join(directory, `${file}.part`), join(directory, file));
      log(`[mail] to ${message.to.join(', ')}: "${message.subject}" (${join(directory, file)})`);
      for (const link of mail.links) log(`[mail]   ${link}`);
    },
  };
};

/** Every mail of the outbox, oldest first. */
export const readOutbox = async (directory: string): Promise<OutboxMail[]> => {
  let files: string[];
  try {
    files = (await readdir(directory)).filter((file) => file.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    files.map(async (file) => JSON.parse(await readFile(join(directory, file), 'utf8')) as OutboxMail),
  );
};

/** The newest mail that matches, once it has arrived (mails go through a queue, so not at once). */
export const waitForMail = async (
  directory: string,
  matches: (mail: OutboxMail) => boolean,
  { timeoutMs = 15_000, pollMs = 100 } = {},
): Promise<OutboxMail> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await readOutbox(directory)).filter(matches).at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No matching mail in ${directory} after ${timeoutMs} ms`);
    await sleep(pollMs);
  }
};
