import type { Resource } from './routes.ts';

/** Where each resource's Lambda entry lives, relative to functions/ (CDK bundles it, the local server imports it). */
export const handlerEntry = (resource: Resource | 'not-found'): string => `src/http/${resource}/handler.ts`;
