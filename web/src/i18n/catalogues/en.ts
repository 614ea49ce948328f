import cloudscape from '@cloudscape-design/components/i18n/messages/all.en';
import app from '../en.json';
import type { Catalogue } from './catalogue.ts';

/**
 * The English texts, the app's and Cloudscape's own: one chunk, fetched when English is first shown. The
 * administrators' screens' texts (../admin/en.json) come with the first of those screens.
 */
export const catalogue: Catalogue = { app, cloudscape };
