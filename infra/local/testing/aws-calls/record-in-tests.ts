import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { handlerEntry } from '@cpbo/functions/http/handlers.ts';
import { resources } from '@cpbo/functions/http/routes.ts';
import { workerEntry, workers } from '@cpbo/functions/workers/workers.ts';
import { asFunction } from '../../function-scope.ts';
import { workerFunction, type HttpTarget } from '../../functions-code.ts';
import { recordAwsCallsOfTheRun } from './recorder.ts';

/*
 * The integration project's setup, in each test file before it imports anything of the functions:
 * records the functions' AWS calls (recorder.ts), and has each Lambda entry the file imports answer
 * as its function (function-scope.ts), since the tests call the handlers directly.
 */

const functionsRoot = fileURLToPath(new URL('../../../../functions/', import.meta.url));

type Handler = (event: unknown, context: unknown) => unknown;

if (recordAwsCallsOfTheRun()) {
  const entries: [string, string][] = [
    ...[...resources, 'not-found' as const].map(
      (target: HttpTarget) => [target, handlerEntry(target)] as [string, string],
    ),
    ...workers.map((worker) => [workerFunction(worker), workerEntry(worker)] as [string, string]),
  ];
  for (const [name, entry] of entries) {
    vi.doMock(join(functionsRoot, entry), async (importOriginal) => {
      const original = await importOriginal<{ handler: Handler }>();
      return { ...original, handler: asFunction(name, original.handler) };
    });
  }
}
