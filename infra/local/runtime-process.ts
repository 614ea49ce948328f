import { fork } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { faultRateOf } from './faults/fault-rate.ts';
import type { DeadLetter } from './queues/in-process-queue.ts';
import type { LocalRuntimeOptions } from './runtime.ts';

/** Where the runtime stands once its queues are idle. */
export interface RuntimeSettled {
  deadLetters: DeadLetter[];
  faultsInjected: Record<string, number>;
}

/** Messages between startRuntimeProcess and runtime-child.ts. */
export type RuntimeChildMessage =
  | {
      type: 'ready';
      url: string;
      apiOriginUrl: string;
      outboxDir: string;
      awsEnvironment: Record<string, string>;
    }
  | ({ type: 'settled' } & RuntimeSettled)
  | { type: 'failed'; message: string };
export type RuntimeParentMessage =
  { type: 'start'; options: LocalRuntimeOptions } | { type: 'settle' } | { type: 'stop' };

export interface RuntimeProcess {
  url: string;
  /** The API's origin, which refuses a call without CloudFront's secret. */
  apiOriginUrl: string;
  outboxDir: string;
  /** The AWS stand-ins' variables, to read the table and the buckets from this process. */
  awsEnvironment: Record<string, string>;
  /** Where the runtime writes its output, when not to this process's streams. */
  logFile?: string;
  /** Waits for the queues to be idle; answers the dead letters and the faults injected. */
  settle(): Promise<RuntimeSettled>;
  stop(): Promise<void>;
}

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const childEntry = fileURLToPath(new URL('./runtime-child.ts', import.meta.url));

/** The last lines of a log file, to say why a runtime that wrote there stopped. */
const tailOf = async (logFile: string, lines = 40): Promise<string> => {
  const text = await readFile(logFile, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
};

/** How the runtime's process is started, beside what the runtime does. */
export interface RuntimeProcessOptions {
  /** Where the child's output goes, rather than to this process's streams. */
  logFile?: string;
  /** A lower scheduling priority (nice's increment) for the child and what it starts (DynamoDB Local's Java). */
  niceness?: number;
}

/**
 * Runs startLocalRuntime in a child process. The runtime sets process.env for the functions; in a
 * child, none of it leaks into the caller (the test runner forks its workers with its own environment).
 */
export const startRuntimeProcess = (
  options: LocalRuntimeOptions,
  { logFile, niceness }: RuntimeProcessOptions = {},
): Promise<RuntimeProcess> =>
  new Promise((resolve, reject) => {
    const output = logFile === undefined ? undefined : openSync(logFile, 'a');
    const node = ['--import', tsxLoader];
    const child = fork(childEntry, [], {
      // Through nice, every thread of the child and of its children starts at that priority.
      ...(niceness === undefined
        ? { execArgv: node }
        : { execPath: 'nice', execArgv: ['-n', String(niceness), process.execPath, ...node] }),
      stdio: output === undefined ? 'inherit' : ['ignore', output, output, 'ipc'],
    });
    // The child holds its own copy of the file's descriptor.
    if (output !== undefined) closeSync(output);
    const failed = async (reason: string) =>
      new Error(logFile === undefined ? reason : `${reason}. Its last lines:\n${await tailOf(logFile)}`);
    const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
    const stop = async (): Promise<void> => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'stop' } satisfies RuntimeParentMessage);
      const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timeout);
    };
    child.once('exit', (code, signal) => {
      void failed(`The local runtime stopped during its start (${signal ?? `exit code ${code}`})`).then(
        reject,
      );
    });
    let settling: ((settled: RuntimeSettled) => void)[] = [];
    const settle = () =>
      new Promise<RuntimeSettled>((resolveSettled) => {
        settling.push(resolveSettled);
        child.send({ type: 'settle' } satisfies RuntimeParentMessage);
      });
    child.on('message', (message: RuntimeChildMessage) => {
      if (message.type === 'ready') {
        const { url, apiOriginUrl, outboxDir, awsEnvironment } = message;
        resolve({ url, apiOriginUrl, outboxDir, awsEnvironment, logFile, settle, stop });
      } else if (message.type === 'settled') {
        const { deadLetters, faultsInjected } = message;
        const waiting = settling;
        settling = [];
        for (const resolveSettled of waiting) resolveSettled({ deadLetters, faultsInjected });
      } else void failed(message.message).then(reject);
    });
    child.send({ type: 'start', options } satisfies RuntimeParentMessage);
  });

/**
 * The seeded product of the end-to-end tests and of `npm run bench:web`: in memory, in a temporary
 * folder, with a tenth of the demo members (plenty for the screens, and a short start), serving the
 * SPA built in `webDist`, with the fault mode when FAULT_RATE says so; `options` change any of these.
 * With `logToFile`, its output goes to `runtime.log` in that folder (logFile). stop() also removes the folder.
 */
export const startSeededRuntime = async (
  webDist: string,
  folderPrefix: string,
  options: Partial<LocalRuntimeOptions> = {},
  { logToFile = false, niceness }: { logToFile?: boolean } & Pick<RuntimeProcessOptions, 'niceness'> = {},
): Promise<RuntimeProcess> => {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No built SPA in ${webDist}: run "npm run build -w web" first (npm test does).`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), folderPrefix));
  const removeData = () => rm(dataDir, { recursive: true, force: true });
  try {
    const runtime = await startRuntimeProcess(
      {
        port: 0,
        inMemory: true,
        dataDir,
        webDist,
        seed: true,
        demoScale: 0.1,
        quiet: true,
        faultRate: faultRateOf(process.env),
        ...options,
      },
      { logFile: logToFile ? join(dataDir, 'runtime.log') : undefined, niceness },
    );
    return {
      ...runtime,
      stop: async () => {
        await runtime.stop();
        await removeData();
      },
    };
  } catch (error) {
    await removeData();
    throw error;
  }
};
