import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const javaInstallHint =
  'Install a Java runtime (17 or newer); on Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless';

/**
 * DynamoDB Local is a Java program: without `java` nothing local can start. Its loopback launcher is a
 * source file, which java compiles with its jdk.compiler module (in a JDK, and in Debian's JRE).
 */
export class JavaMissingError extends Error {
  constructor(executable: string, missing = 'could not be run') {
    super(`DynamoDB Local needs Java, and "${executable}" ${missing}. ${javaInstallHint}`);
    this.name = 'JavaMissingError';
  }
}

/** JAVA_HOME wins over the PATH, as for every Java tool. */
export const javaExecutable = (environment: NodeJS.ProcessEnv = process.env): string =>
  environment.JAVA_HOME ? join(environment.JAVA_HOME, 'bin', 'java') : 'java';

export const assertJavaAvailable = (executable: string = javaExecutable()): void => {
  const probe = spawnSync(executable, ['--list-modules'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError(executable);
  if (!/^jdk\.compiler@/m.test(probe.stdout))
    throw new JavaMissingError(
      executable,
      'has no jdk.compiler module (a JRE without it cannot run source files)',
    );
};
