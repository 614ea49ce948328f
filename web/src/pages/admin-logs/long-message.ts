/** Spec section 9: a log message longer than this is cut with an ellipsis, and shown whole on demand. */
export const SHOWN_MESSAGE_LENGTH = 150;

/** The message as the table first shows it, and whether there is more of it. */
export const shortMessage = (message: string): { text: string; cut: boolean } =>
  message.length > SHOWN_MESSAGE_LENGTH
    ? { text: `${message.slice(0, SHOWN_MESSAGE_LENGTH)}…`, cut: true }
    : { text: message, cut: false };
