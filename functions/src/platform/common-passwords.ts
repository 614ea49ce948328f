import { readFile } from 'node:fs/promises';

/*
 * The passwords attackers try first: the 100 000 most frequent passwords of Have I Been Pwned's breach
 * corpus, as the UK's National Cyber Security Centre published them (PwnedPasswordsTop100k.txt, 2019),
 * kept verbatim beside this module (its six header lines left out) and checked offline. CDK ships the
 * file beside the bundle of each function that imports this module (infra/lib/function-bundling.ts),
 * where the same relative address finds it.
 */

/** The list's file, beside this module in the sources and beside the bundle in a function's asset. */
export const COMMON_PASSWORDS_FILE = 'pwned-passwords-top-100k.txt';

let loaded: Promise<ReadonlySet<string>> | undefined;

/**
 * The list, lower-cased (a listed word is as guessable in capitals): read once per instance, on the
 * first password that needs checking, so that no other call pays for it (about 20 ms and 8 MB).
 */
export const commonPasswords = (): Promise<ReadonlySet<string>> => {
  loaded ??= readFile(new URL(`./${COMMON_PASSWORDS_FILE}`, import.meta.url), 'utf8').then(
    (text) => new Set(text.toLowerCase().split('\n')),
  );
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
};
