import { fileURLToPath } from 'node:url';
import { isAbsolute, relative } from 'node:path';
import { JavaMissingError } from './java.ts';
import { startLocalRuntime, type LocalRuntime } from './runtime.ts';
import { SeedInterruptedError } from './seed/index.ts';
import { readSettings } from './settings.ts';

/** `npm start`: the whole product on this machine, seeded with demo data on the first start. */
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const startedAt = Date.now();

/** Paths inside the working directory are easier to read relative. */
const shown = (path: string): string => {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
};

let runtime: LocalRuntime | undefined;
let stopping = false;

const stop = async (signal: NodeJS.Signals): Promise<void> => {
  // Before the runtime is up there is nothing to stop gracefully; exiting runs the java kill-on-exit hook.
  if (!runtime || stopping) process.exit(130);
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await runtime.stop();
  process.exit(0);
};
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));

try {
  const settings = readSettings(process.env, repositoryRoot);
  runtime = await startLocalRuntime({ ...settings, seed: true });
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const { logins } = settings;
  console.log(
    [
      '',
      `Crop-protection back office ready in ${seconds} s`,
      `  App:    ${runtime.url}`,
      `  Origin: ${runtime.apiOriginUrl} (the API's own address, as API Gateway's: CloudFront's calls only)`,
      `  Admin:  ${logins.adminEmail} / ${logins.adminPassword}`,
      `  Agent:  ${logins.userEmail} / ${logins.userPassword}`,
      `  Data:   ${shown(settings.dataDir)} (mails in ${shown(runtime.outboxDir)})`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
} catch (error) {
  if (error instanceof JavaMissingError) console.error(`\n${error.message}\n`);
  else if (error instanceof SeedInterruptedError) {
    const { dataDir } = readSettings(process.env, repositoryRoot);
    console.error(`\n${error.message}\nRemove ${dataDir} and start again for a fresh demo.\n`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`\nThe port is already in use: stop the other server or choose another with PORT=…\n`);
  } else console.error(error);
  process.exit(1);
}
