/** What the integration project's global setup hands to its test files (vitest provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The variables the functions read: endpoints of DynamoDB Local and s3rver, table, bucket, secrets. */
    integrationEnvironment: Record<string, string>;
  }
}

export {};
