import adminCatalogue from '../admin/en.json';

/** The English texts of the administrators' screens, fetched with the first of them. */
export { adminCatalogue };
