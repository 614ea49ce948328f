import { noteStoodInCall } from './aws-call-observer.ts';
import { environmentVariables, readOptionalEnvironment } from './environment.ts';

let signingKey: Promise<Uint8Array> | undefined;

/**
 * The key that signs access tokens: JWT_SECRET when set (local runtime, tests), otherwise the
 * Secrets Manager secret named by JWT_SECRET_ARN, read once per Lambda instance (the client's code is
 * loaded then, not when the function starts).
 */
export const tokenSigningKey = (): Promise<Uint8Array> => {
  // At each use: in AWS each function reads it once; here one process reads it for all (aws-call-observer.ts).
  noteStoodInCall('SecretsManagerClient', 'GetSecretValueCommand', environmentVariables.jwtSecretArn);
  signingKey ??= (async () => {
    const direct = readOptionalEnvironment('jwtSecret');
    if (direct) return new TextEncoder().encode(direct);
    const arn = readOptionalEnvironment('jwtSecretArn');
    if (!arn) throw new Error('Neither JWT_SECRET nor JWT_SECRET_ARN is set');
    const { GetSecretValueCommand, SecretsManagerClient } = await import('./aws/secrets-manager.ts');
    const secret = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
    if (!secret.SecretString) throw new Error('The token signing secret is empty');
    return new TextEncoder().encode(secret.SecretString);
  })();
  signingKey.catch(() => {
    signingKey = undefined;
  });
  return signingKey;
};

/** Forgets the cached key (tests that change JWT_SECRET). */
export const resetTokenSigningKey = (): void => {
  signingKey = undefined;
};
