import argon2 from 'argon2';

/** argon2id with the OWASP minimum (19 MiB, 2 iterations, 1 lane): ≈ 40 ms a hash on the reference machine. */
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, options);

export const verifyPassword = async (hash: string, password: string): Promise<boolean> => {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
};

let decoy: Promise<string> | undefined;

/**
 * Spends the time of one verification when there is no account to check, so that a login for an
 * unknown e-mail takes as long as one with a wrong password.
 */
export const verifyAgainstDecoy = async (password: string): Promise<false> => {
  decoy ??= hashPassword('decoy password that never matches');
  await verifyPassword(await decoy, password);
  return false;
};
