import { fallbackHandler } from '#platform/http/http-handler.ts';

export const handler = fallbackHandler();
