/*
 * Test mode only: how the test harness and the local runtime see every AWS call the functions make,
 * to check each against the function's role (infra/local/testing/aws-calls/). In Lambda no observer
 * is ever set: a client passes through untouched and a noted call is dropped.
 */

/** An AWS call the functions' code makes, named as the SDK names it. */
export interface AwsCall {
  /** The SDK client's and the command's names, as the SDK's middleware context gives them. */
  clientName: string;
  commandName: string;
  input: Readonly<Record<string, unknown>>;
  /**
   * The environment variable the function reads the resource's name from, for a call that a local
   * stand-in takes (a queue's URL, the token secret's ARN): the stand-in has no such name.
   */
  resourceVariable?: string;
  /** The HTTP status AWS (or its stand-in) answered. */
  status?: number;
}

/** An SDK client, whose middleware stack the observer adds to. */
export interface ObservableClient {
  middlewareStack: object;
}

export interface AwsCallObserver {
  /** Each SDK client the functions create, as it is created. */
  client(client: ObservableClient): void;
  /** A call made without an SDK client (a signed S3 request), or that a local stand-in takes. */
  call(call: AwsCall): void;
}

let observer: AwsCallObserver | undefined;

/** Installs (or removes) the observer: before the first client is created. */
export const observeAwsCalls = (next: AwsCallObserver | undefined): void => {
  observer = next;
};

/** The client, shown to the observer if there is one. */
export const observedClient = <Client extends ObservableClient>(client: Client): Client => {
  observer?.client(client);
  return client;
};

/** Tells the observer, if there is one, of a call no SDK client of ours makes. */
export const noteAwsCall = (call: AwsCall): void => observer?.call(call);

/**
 * Tells the observer of a call that a local stand-in takes (the in-process queues, the outbox, the
 * token secret and the app's address given directly): named by the variable the function reads.
 */
export const noteStoodInCall = (clientName: string, commandName: string, resourceVariable: string): void =>
  noteAwsCall({ clientName, commandName, input: {}, resourceVariable });
