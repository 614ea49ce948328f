import type { RuntimeChildMessage, RuntimeParentMessage } from './runtime-process.ts';
import { startLocalRuntime, type LocalRuntime } from './runtime.ts';

/** The child side of startRuntimeProcess: starts on 'start', stops on 'stop' or when the parent goes away. */
const send = (message: RuntimeChildMessage, then?: () => void) =>
  process.send?.(message, undefined, {}, then);
let runtime: LocalRuntime | undefined;

const stop = async (): Promise<void> => {
  await runtime?.stop();
  process.exit(0);
};

process.on('disconnect', () => void stop());
process.on('message', (message: RuntimeParentMessage) => {
  if (message.type === 'stop') {
    void stop();
    return;
  }
  if (message.type === 'settle') {
    void runtime?.queuesIdle().then(() =>
      send({
        type: 'settled',
        deadLetters: runtime?.deadLetters() ?? [],
        faultsInjected: runtime?.faultsInjected() ?? {},
      }),
    );
    return;
  }
  startLocalRuntime(message.options).then(
    (started) => {
      runtime = started;
      const { url, apiOriginUrl, outboxDir, awsEnvironment } = started;
      send({ type: 'ready', url, apiOriginUrl, outboxDir, awsEnvironment });
    },
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      send({ type: 'failed', message: reason }, () => process.exit(1));
    },
  );
});
