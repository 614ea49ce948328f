import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

export const newJwtSecret = (): string => randomBytes(48).toString('base64url');

/** The token signing secret of a data folder: kept in a file so sessions survive a restart. */
export const loadOrCreateJwtSecret = async (file: string): Promise<string> => {
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = newJwtSecret();
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};
