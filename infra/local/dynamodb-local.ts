import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { localClientConfig } from './aws-environment.ts';
import { freePort } from './free-port.ts';
import { assertJavaAvailable, javaExecutable } from './java.ts';

export interface DynamoDbLocalOptions {
  /** Keeps the tables in memory (tests) instead of in dbPath. */
  inMemory?: boolean;
  dbPath?: string;
  startTimeoutMs?: number;
}

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

// The npm package ships AWS's own jar; its sqlite4java native libraries sit beside it.
const emulatorDirectory = (): string =>
  join(
    dirname(createRequire(import.meta.url).resolve('amplify-dynamodb-simulator/package.json')),
    'emulator',
  );

/** Starts DynamoDB Local bound to 127.0.0.1 (LoopbackDynamoDbLocal.java). */
const loopbackLauncher = fileURLToPath(new URL('./LoopbackDynamoDbLocal.java', import.meta.url));

/**
 * On Linux, setpriv makes the kernel kill java when this process dies, even by SIGKILL or a crash,
 * when no exit hook runs; setpriv then execs java, so the child is java itself.
 */
const orphanGuard = (): string[] =>
  process.platform === 'linux' && existsSync('/usr/bin/setpriv')
    ? ['/usr/bin/setpriv', '--pdeathsig', 'SIGKILL', '--']
    : [];

const answers = async (client: DynamoDBClient): Promise<boolean> => {
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts DynamoDB Local as a child java process and resolves once it answers. `-sharedDb` keeps
 * one database whatever the region and credentials, so a data folder always shows the same tables.
 */
export const startDynamoDbLocal = async (options: DynamoDbLocalOptions): Promise<DynamoDbLocal> => {
  const java = javaExecutable();
  assertJavaAvailable(java);
  if (!options.inMemory && !options.dbPath) throw new Error('DynamoDB Local needs dbPath unless inMemory');
  const emulator = emulatorDirectory();
  // DynamoDB Local writes a metadata file into its working directory; keep it out of the checkout.
  const workingDirectory = options.dbPath ?? (await mkdtemp(join(tmpdir(), 'dynamodb-local-')));
  const port = await freePort();
  const storage = options.inMemory ? ['-inMemory'] : ['-dbPath', options.dbPath as string];
  const [command, ...guard] = [...orphanGuard(), java];
  const child = spawn(
    command as string,
    [
      ...guard,
      // On a machine of few cores the JIT's optimising compiler and the parallel collector compete
      // with DynamoDB Local itself: quick compiles only, one compiler thread and the serial collector
      // brought its start and first 3 000 writes from about 10 s to 5 to 7 s on this 2-core machine,
      // and left 60 000 writes as quick as before.
      '-XX:TieredStopAtLevel=1',
      '-XX:CICompilerCount=1',
      '-XX:+UseSerialGC',
      `-Djava.library.path=${join(emulator, 'DynamoDBLocal_lib')}`,
      '-cp',
      [join(emulator, 'DynamoDBLocal.jar'), join(emulator, 'DynamoDBLocal_lib', '*')].join(delimiter),
      // Java runs it from its source: the jar itself would listen on every interface.
      loopbackLauncher,
      '-port',
      String(port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: workingDirectory },
  );
  let output = '';
  const keepOutput = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keepOutput);
  child.stderr.on('data', keepOutput);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  // A runtime that exits without stop() (an uncaught error, process.exit) must not leave java behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (running()) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    if (!options.dbPath) await rm(workingDirectory, { recursive: true, force: true });
  };

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ ...localClientConfig(endpoint), maxAttempts: 1 });
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  try {
    while (!(await answers(client))) {
      if (!running()) throw new Error(`DynamoDB Local exited during start:\n${output}`);
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer on ${endpoint}:\n${output}`);
      await sleep(100);
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, stop };
};
