import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { AppError } from './app-error.ts';
import { roles, type Role } from './roles.ts';
import { tokenSigningKey } from './secrets.ts';

/** Who is calling: read from a verified access token. */
export interface Session {
  email: string;
  username: string;
  role: Role;
  /** The enabler the session is bound to (an administrator may switch it). */
  enabler: string;
  enablerName: string;
  /** The refresh-token family the access token was issued for. */
  sessionId: string;
}

export const ACCESS_TOKEN_ALGORITHM = 'HS256';
export const ACCESS_TOKEN_ISSUER = 'crop-protection-back-office';
export const ACCESS_TOKEN_AUDIENCE = 'crop-protection-back-office/api';
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60;

/**
 * The signing secret as a Web Crypto key, imported once per secret: jose would import raw bytes again at
 * every call, a fixed cost on each request's token check.
 */
let hmacKey: { secret: Uint8Array; key: Promise<webcrypto.CryptoKey> } | undefined;
const accessTokenKey = async (): Promise<webcrypto.CryptoKey> => {
  const secret = await tokenSigningKey();
  if (hmacKey?.secret !== secret)
    hmacKey = {
      secret,
      key: webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
        'verify',
      ]),
    };
  return hmacKey.key;
};

export const signAccessToken = async (session: Session, now = new Date()): Promise<string> => {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    role: session.role,
    username: session.username,
    enabler: session.enabler,
    enablerName: session.enablerName,
    sid: session.sessionId,
  })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, typ: 'JWT' })
    .setSubject(session.email)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS)
    .sign(await accessTokenKey());
};

const isRole = (value: unknown): value is Role => roles.includes(value as Role);

/** Verifies signature (algorithm pinned), issuer, audience and expiry; any failure is ERR_UNAUTHENTICATED. */
export const verifyAccessToken = async (token: string): Promise<Session> => {
  try {
    const { payload } = await jwtVerify(token, await accessTokenKey(), {
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const { sub, role, username, enabler, enablerName, sid } = payload;
    if (
      typeof sub !== 'string' ||
      !isRole(role) ||
      typeof username !== 'string' ||
      typeof enabler !== 'string' ||
      typeof enablerName !== 'string' ||
      typeof sid !== 'string'
    ) {
      throw new AppError('ERR_UNAUTHENTICATED');
    }
    return { email: sub, role, username, enabler, enablerName, sessionId: sid };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JOSEError) throw new AppError('ERR_UNAUTHENTICATED', { cause: error });
    throw error;
  }
};
