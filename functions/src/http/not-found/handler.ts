import { fallbackHandler } from '#http/middleware/http-handler.ts';

export const handler = fallbackHandler();
