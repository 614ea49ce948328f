import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const javaInstallHint =
  'Install a Java runtime (17 or newer); on Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless';

/** DynamoDB Local is a Java program: without `java` nothing local can start. */
export class JavaMissingError extends Error {
  constructor(executable: string) {
    super(`DynamoDB Local needs Java, and "${executable}" could not be run. ${javaInstallHint}`);
    this.name = 'JavaMissingError';
  }
}

/** JAVA_HOME wins over the PATH, as for every Java tool. */
export const javaExecutable = (environment: NodeJS.ProcessEnv = process.env): string =>
  environment.JAVA_HOME ? join(environment.JAVA_HOME, 'bin', 'java') : 'java';

export const assertJavaAvailable = (executable: string = javaExecutable()): void => {
  const probe = spawnSync(executable, ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError(executable);
};
