import { resolve } from 'node:path';
import { faultRateOf } from './faults/fault-rate.ts';
import { defaultLogins, type DemoLogins } from './seed/index.ts';

export interface LocalSettings {
  port: number;
  dataDir: string;
  environmentName: string;
  logins: DemoLogins;
  /** Another build of the SPA than web/dist. */
  webDist?: string;
  /** FAULT_RATE: AWS's transient errors in this share of the functions' AWS calls. */
  faultRate: number;
}

const portOf = (value: string | undefined): number => {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${value}"`);
  return port;
};

const password = (name: string, value: string | undefined, fallback: string): string => {
  const chosen = value || fallback;
  // The product refuses shorter passwords, so a shorter demo password could never sign in.
  if (chosen.length < 8) throw new Error(`${name} must have at least 8 characters`);
  return chosen;
};

/** `npm start`'s settings from its environment variables, with the defaults docs/development.md lists. */
export const readSettings = (environment: NodeJS.ProcessEnv, repositoryRoot: string): LocalSettings => ({
  port: portOf(environment.PORT),
  dataDir: resolve(repositoryRoot, environment.DATA_DIR || '.local'),
  environmentName: environment.ENVIRONMENT_NAME || 'demo',
  logins: {
    adminEmail: environment.DEMO_ADMIN_EMAIL || defaultLogins.adminEmail,
    adminPassword: password(
      'DEMO_ADMIN_PASSWORD',
      environment.DEMO_ADMIN_PASSWORD,
      defaultLogins.adminPassword,
    ),
    userEmail: environment.DEMO_USER_EMAIL || defaultLogins.userEmail,
    userPassword: password('DEMO_USER_PASSWORD', environment.DEMO_USER_PASSWORD, defaultLogins.userPassword),
  },
  faultRate: faultRateOf(environment),
  ...(environment.WEB_DIST ? { webDist: resolve(repositoryRoot, environment.WEB_DIST) } : {}),
});
