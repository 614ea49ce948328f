import app from '../fr.json?sections=first';
import type { Catalogue } from './catalogue.ts';

/**
 * The French texts of the app that every visitor may see first (the login page's among them): one chunk,
 * fetched when French is first shown. The signed-in screens' sections (../catalogue-sections.ts) come
 * with the signed-in frame (fr-signed-in.ts), Cloudscape's own labels (cloudscape-fr.ts) with the
 * first screen that needs them, the administrators' screens' texts (../admin/fr.json) with the first
 * of those screens.
 */
export const catalogue: Catalogue = { app };
