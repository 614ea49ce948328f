/**
 * The environment variables the functions read. CDK sets them from this list; the local runtime
 * sets them before loading any handler.
 */
export const environmentVariables = {
  tableName: 'TABLE_NAME',
  filesBucket: 'FILES_BUCKET',
  /** Snapshots of the member directories (one object per enabler). */
  memberDirectoryBucket: 'MEMBER_DIRECTORY_BUCKET',
  jwtSecret: 'JWT_SECRET',
  jwtSecretArn: 'JWT_SECRET_ARN',
  appUrl: 'APP_URL',
  appUrlParameter: 'APP_URL_PARAMETER',
  mailFrom: 'MAIL_FROM',
  environmentName: 'ENVIRONMENT_NAME',
  /** Days the application's log lines are kept (default 90, set per environment). */
  logRetentionDays: 'LOG_RETENTION_DAYS',
  /** The mirror environment's table, which the mirror refresh replaces with a copy of this one's. */
  mirrorTableName: 'MIRROR_TABLE_NAME',
} as const;

export type EnvironmentKey = keyof typeof environmentVariables;

export const readEnvironment = (key: EnvironmentKey): string => {
  const name = environmentVariables[key];
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
};

export const readOptionalEnvironment = (key: EnvironmentKey): string | undefined =>
  process.env[environmentVariables[key]] || undefined;
