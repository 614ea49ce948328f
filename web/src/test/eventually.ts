/**
 * Polls until the check (or the promise it gives) passes, then answers what it answered; throws its last error after `seconds`.
 * Not waitFor: once a Cloudscape file token is on the page, a waitFor whose check keeps failing starves
 * jsdom's event loop and hangs the run instead of failing.
 */
export const eventually = async <T>(check: () => T | Promise<T>, seconds = 10): Promise<T> => {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
};
