import signedInCatalogue from '../fr.json?sections=signedIn';

/** The French texts of the signed-in screens (../catalogue-sections.ts), fetched with the signed-in frame. */
export { signedInCatalogue };
