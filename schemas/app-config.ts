import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * /config.json, served beside the SPA (CloudFront in AWS, the local server on a laptop): deployment facts
 * the SPA reads at start-up. Not an API call, but a file the infrastructure writes and the SPA reads.
 */
export const appConfigSchema = {
  $id: 'file/app-config',
  type: 'object',
  additionalProperties: false,
  properties: {
    /** The environment's name, shown by the header. */
    environment: { type: 'string' },
  },
} as const satisfies JSONSchema;
export type AppConfig = FromSchema<typeof appConfigSchema>;
