import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Which function is running: the local runtime and the integration tests run every handler in one
 * process, so each invocation runs in a scope that names its function, as its own Lambda would be.
 * The AWS calls made in it, and in whatever it starts, are that function's (testing/aws-calls/recorder.ts).
 */

/** One invocation of a function: an object of its own, which a caller may key what it keeps by. */
export interface Invocation {
  readonly functionName: string;
}

const scope = new AsyncLocalStorage<Invocation>();

/** The handler, each invocation of which runs as the named function ("members", "mail-worker"). */
export const asFunction =
  <Event, Context, Result>(name: string, handler: (event: Event, context: Context) => Result) =>
  (event: Event, context: Context): Result =>
    scope.run({ functionName: name }, () => handler(event, context));

/** The invocation running, if any (a test's own calls run in none). */
export const runningInvocation = (): Invocation | undefined => scope.getStore();
