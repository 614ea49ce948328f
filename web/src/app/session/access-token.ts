/** Renew the access token when less than this remains (spec: 60 s). */
export const RENEWAL_MARGIN_MS = 60_000;

const decodeBase64Url = (segment: string): string => {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (character) => character.charCodeAt(0)));
};

/**
 * When the token expires (ms since the epoch), from its `exp` claim; null when it has none or
 * cannot be read. Only the server checks the signature: the client reads the date to renew in time.
 */
export function accessTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** A token without a readable expiry is left to the server to judge. */
export function needsRenewal(token: string, now: number = Date.now()): boolean {
  const expiry = accessTokenExpiry(token);
  return expiry !== null && expiry - now < RENEWAL_MARGIN_MS;
}
