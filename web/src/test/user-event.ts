import userEventDefault from '@testing-library/user-event';

/** A user whose key presses and clicks follow each other without pauses: jsdom needs none. */
export const userEvent = userEventDefault.setup({ delay: null });
