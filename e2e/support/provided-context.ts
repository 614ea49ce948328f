/** What the end-to-end global setup hands to the test files (vitest provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The local runtime's address, e.g. http://localhost:41234. */
    appUrl: string;
    /** The API's origin, which refuses a call that did not come through the app's address. */
    apiOriginUrl: string;
    /** Where the runtime writes the mails it "sends" (read them with readOutbox / waitForMail). */
    outboxDir: string;
    /** Where the runtime writes its output (its functions' log lines). */
    runtimeLogFile: string;
  }
}

export {};
