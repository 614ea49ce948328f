import app from '../en.json?sections=first';
import type { Catalogue } from './catalogue.ts';

/**
 * The English texts of the app that every visitor may see first (the login page's among them): one chunk,
 * fetched when English is first shown. The signed-in screens' sections (../catalogue-sections.ts) come
 * with the signed-in frame (en-signed-in.ts), Cloudscape's own labels (cloudscape-en.ts) with the
 * first screen that needs them, the administrators' screens' texts (../admin/en.json) with the first
 * of those screens.
 */
export const catalogue: Catalogue = { app };
