import { notYetAvailableHandler } from '#platform/http/http-handler.ts';

export const handler = notYetAvailableHandler('dashboard');
