import { act } from '@testing-library/react';

/**
 * A click that leads to a lazy screen, in an awaited act. React 19 leaves a navigation that suspends on a lazy
 * page unretried when the click ran in the synchronous act testing-library wraps events in, once the screen had
 * drawn parts outside act (react-testing-library issue 1375). A browser follows it either way (e2e/).
 */
export const clickToLazyScreen = async (click: () => unknown): Promise<void> => {
  await act(async () => {
    await click();
  });
};
