import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';

/*
 * One new Lambda instance of a list function, measured in a process of its own (run with --expose-gc,
 * so that its memory is its own): what the benches' cold runs print (member-list-cold.ts,
 * admin-lists-instance.ts).
 */

type Handler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);

/** The process's memory after a collection: heap, resident, and peak resident. */
export const instanceMemory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return {
    heapMb: megabytes(process.memoryUsage().heapUsed),
    rssMb: megabytes(process.memoryUsage().rss),
    // ru_maxrss is in kilobytes on Linux.
    peakRssMb: megabytes(process.resourceUsage().maxRSS * 1024),
  };
};

/**
 * Loads the handler and answers the first two GETs of `path` (BENCH_TOKEN's session): the module load,
 * both answer times, the first answer's body, and the memory used.
 */
export const measureNewInstance = async <Body>(
  loadHandler: () => Promise<Handler>,
  functionName: string,
  path: string,
  query: Record<string, string>,
) => {
  const started = performance.now();
  const handler = await loadHandler();
  const loaded = performance.now();
  const call = async () => {
    const before = performance.now();
    const result = await handler(
      httpApiEvent({
        method: 'GET',
        path,
        headers: { authorization: `Bearer ${process.env.BENCH_TOKEN}` },
        query,
      }),
      lambdaContext(functionName, 120_000),
    );
    if (result.statusCode !== 200) throw new Error(`${path} answered ${result.statusCode}: ${result.body}`);
    return { ms: performance.now() - before, body: JSON.parse(result.body ?? '{}') as Body };
  };
  const first = await call();
  const second = await call();
  return {
    moduleMs: loaded - started,
    firstMs: first.ms,
    secondMs: second.ms,
    body: first.body,
    ...instanceMemory(),
  };
};
