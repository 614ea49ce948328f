/** argon2 (a native module) is loaded on first use: most calls of the functions that carry it hash no password. */
const argon2 = async () => (await import('argon2')).default;

/** argon2id with the OWASP minimum (19 MiB, 2 iterations, 1 lane): ≈ 40 ms a hash on the reference machine. */
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = async (password: string): Promise<string> => {
  const { hash, argon2id } = await argon2();
  return hash(password, { ...options, type: argon2id });
};

export const verifyPassword = async (hash: string, password: string): Promise<boolean> => {
  // Outside the try: argon2 failing to load is a fault of the function, not a wrong password.
  const { verify } = await argon2();
  try {
    return await verify(hash, password);
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
