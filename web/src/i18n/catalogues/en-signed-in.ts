import signedInCatalogue from '../en.json?sections=signedIn';

/** The English texts of the signed-in screens (../catalogue-sections.ts), fetched with the signed-in frame. */
export { signedInCatalogue };
