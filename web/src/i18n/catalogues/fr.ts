import cloudscape from '@cloudscape-design/components/i18n/messages/all.fr';
import app from '../fr.json';
import type { Catalogue } from './catalogue.ts';

/**
 * The French texts, the app's and Cloudscape's own: one chunk, fetched when French is first shown. The
 * administrators' screens' texts (../admin/fr.json) come with the first of those screens.
 */
export const catalogue: Catalogue = { app, cloudscape };
