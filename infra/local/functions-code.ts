import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { handlerEntry } from '@cpbo/functions/http/handlers.ts';
import type { Resource } from '@cpbo/functions/http/routes.ts';
import { workerEntry, type Worker } from '@cpbo/functions/workers/workers.ts';
import { asFunction } from './function-scope.ts';

export type HttpTarget = Resource | 'not-found';
export type HttpHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyResultV2>;

export interface BatchResponse {
  batchItemFailures: { itemIdentifier: string }[];
}
export type WorkerHandler<Event> = (event: Event, context: Context) => Promise<BatchResponse | undefined>;

const functionsRoot = fileURLToPath(new URL('../../functions/', import.meta.url));

/**
 * Imports a Lambda entry the way the CDK bundles it: only when first needed, so the functions
 * read the environment the runtime has set, and a broken resource fails alone.
 */
const cachedImport = <Handler>() => {
  const modules = new Map<string, Promise<Handler>>();
  return (entry: string): Promise<Handler> => {
    let loading = modules.get(entry);
    if (!loading) {
      loading = import(pathToFileURL(join(functionsRoot, entry)).href).then(
        (module: { handler: Handler }) => module.handler,
      );
      // A failed import is retried on the next call (the file may be fixed meanwhile).
      loading.catch(() => modules.delete(entry));
      modules.set(entry, loading);
    }
    return loading;
  };
};

const httpHandlers = cachedImport<HttpHandler>();
const workerHandlers = cachedImport<WorkerHandler<unknown>>();

/** A worker's Lambda, as CDK names it. */
export const workerFunction = (worker: Worker): `${Worker}-worker` => `${worker}-worker`;

/** The handler of the target's function, each invocation run as that function (function-scope.ts). */
export const loadHttpHandler = async (target: HttpTarget): Promise<HttpHandler> =>
  asFunction(target, await httpHandlers(handlerEntry(target)));

export const loadWorkerHandler = async <Event>(worker: Worker): Promise<WorkerHandler<Event>> =>
  asFunction(workerFunction(worker), (await workerHandlers(workerEntry(worker))) as WorkerHandler<Event>);
