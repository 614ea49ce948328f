const cookieName = 'refreshToken';
// Lets a session survive a browser restart; the server alone decides how long the token itself is
// accepted (a refused one is removed at start-up).
const maxAgeSeconds = 30 * 24 * 60 * 60;

const attributes = (): string =>
  `path=/; SameSite=Strict${window.location.protocol === 'https:' ? '; Secure' : ''}`;

export function readRefreshToken(): string | null {
  for (const pair of document.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() === cookieName) {
      const value = decodeURIComponent(pair.slice(separator + 1).trim());
      return value || null;
    }
  }
  return null;
}

export function writeRefreshToken(token: string): void {
  document.cookie = `${cookieName}=${encodeURIComponent(token)}; max-age=${maxAgeSeconds}; ${attributes()}`;
}

export function removeRefreshToken(): void {
  document.cookie = `${cookieName}=; max-age=0; ${attributes()}`;
}
