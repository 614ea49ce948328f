import adminCatalogue from '../admin/fr.json';

/** The French texts of the administrators' screens, fetched with the first of them. */
export { adminCatalogue };
