import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LocalRuntimeOptions } from './runtime.ts';

/** Messages between startRuntimeProcess and runtime-child.ts. */
export type RuntimeChildMessage =
  { type: 'ready'; url: string; outboxDir: string } | { type: 'failed'; message: string };
export type RuntimeParentMessage = { type: 'start'; options: LocalRuntimeOptions } | { type: 'stop' };

export interface RuntimeProcess {
  url: string;
  outboxDir: string;
  stop(): Promise<void>;
}

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const childEntry = fileURLToPath(new URL('./runtime-child.ts', import.meta.url));

/**
 * Runs startLocalRuntime in a child process. The runtime sets process.env for the functions; in a
 * child, none of it leaks into the caller (the test runner forks its workers with its own environment).
 */
export const startRuntimeProcess = (options: LocalRuntimeOptions): Promise<RuntimeProcess> =>
  new Promise((resolve, reject) => {
    const child = fork(childEntry, [], { execArgv: ['--import', tsxLoader], stdio: 'inherit' });
    const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
    const stop = async (): Promise<void> => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'stop' } satisfies RuntimeParentMessage);
      const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timeout);
    };
    child.once('exit', (code, signal) =>
      reject(new Error(`The local runtime stopped during its start (${signal ?? `exit code ${code}`})`)),
    );
    child.on('message', (message: RuntimeChildMessage) => {
      if (message.type === 'ready') resolve({ url: message.url, outboxDir: message.outboxDir, stop });
      else reject(new Error(message.message));
    });
    child.send({ type: 'start', options } satisfies RuntimeParentMessage);
  });
