/*
 * Test mode only: how the test harness and the local runtime see the AWS calls that no SDK client of
 * the functions makes, to check each against the function's role (infra/local/testing/aws-calls/; the
 * SDK clients' calls it sees through a client plugin, client-plugins.ts). In Lambda no observer is
 * ever set, and a noted call is dropped.
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

let observer: ((call: AwsCall) => void) | undefined;

/** Installs (or removes) the observer of the noted calls. */
export const observeAwsCalls = (next: ((call: AwsCall) => void) | undefined): void => {
  observer = next;
};

/** Tells the observer, if there is one, of a call made without an SDK client (a signed S3 request). */
export const noteAwsCall = (call: AwsCall): void => observer?.(call);

/**
 * Tells the observer of a call that a local stand-in takes (the in-process queues, the outbox, the
 * token secret and the app's address given directly): named by the variable the function reads.
 */
export const noteStoodInCall = (clientName: string, commandName: string, resourceVariable: string): void =>
  noteAwsCall({ clientName, commandName, input: {}, resourceVariable });
