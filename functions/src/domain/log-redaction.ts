/**
 * What a stored log line may not hold: passwords, tokens, links and bank numbers. Every message is
 * passed through redactLogMessage before it is stored (data/logs/app-logs.ts), whatever wrote it: the
 * lines are written with care, but an error's message or a value added later must not leak either.
 */

export const REDACTED = '[redacted]';

/** The longest message stored; a longer one is cut (the screen shows 150 characters, the rest on demand). */
export const MAX_LOG_MESSAGE_LENGTH = 2000;

// A secret named in the text: "password=…", "token: …", "Authorization: Bearer …" (not "password for").
const namedSecret =
  /\b(pass(?:word|wd|phrase)?|pwd|secret|token|refresh[_-]?token|access[_-]?token|authorization|cookie|api[_-]?key|bank[_-]?account|account[_-]?(?:number|no)|iban|ifsc)(["']?\s*[:=]\s*)(?:bearer\s+)?("[^"]*"|'[^']*'|[^\s,;&"'}]+)/gi;
const bearer = /\bbearer\s+[^\s,;"']+/gi;
// A JSON Web Token (three base64url parts, the first one a JSON header).
const jwt = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
// A link: any scheme's address, or a bare www. one.
const link = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+|\bwww\.[^\s"'<>]+/gi;
// An IBAN (two letters, two digits, 11 to 30 letters or digits, spaces allowed every four).
const iban = /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g;
// An Indian bank branch code (IFSC): four letters, a zero, six letters or digits.
const ifsc = /\b[A-Z]{4}0[A-Z0-9]{6}\b/g;
// A bank account or card number: nine digits or more, possibly grouped by spaces or dashes.
const longNumber = /(?<![\w-])\d(?:[ -]?\d){8,}(?![\w-])/g;
// An opaque token: 32 characters or more of base64 or hex in one word (a UUID is kept: records' ids).
const opaque = /[A-Za-z0-9+/_-]{32,}={0,2}/g;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const keepIds = (word: string): string => (uuid.test(word) ? word : REDACTED);

/** The message with every secret it holds replaced by [redacted], cut to MAX_LOG_MESSAGE_LENGTH. */
export const redactLogMessage = (message: string): string => {
  const redacted = message
    .replace(namedSecret, (_match, name: string, separator: string) => `${name}${separator}${REDACTED}`)
    .replace(bearer, `Bearer ${REDACTED}`)
    .replace(jwt, REDACTED)
    .replace(link, REDACTED)
    .replace(iban, REDACTED)
    .replace(ifsc, REDACTED)
    .replace(longNumber, REDACTED)
    .replace(opaque, keepIds);
  return redacted.length > MAX_LOG_MESSAGE_LENGTH
    ? `${redacted.slice(0, MAX_LOG_MESSAGE_LENGTH - 1)}…`
    : redacted;
};
