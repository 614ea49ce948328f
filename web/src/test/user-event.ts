import userEventDefault from '@testing-library/user-event';

/** A user without pauses between keys: typing key by key is slow in jsdom, and the tests have their time. */
export const userEvent = userEventDefault.setup({ delay: null });
