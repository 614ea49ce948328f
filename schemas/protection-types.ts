/*
 * The risks a plot is covered for, in a module of their own: the lists' code needs them without the
 * member schemas, whose objects a bundle cannot leave out once it imports their module.
 */
export const protectionTypes = ['DROUGHT', 'EXCESS_RAIN'] as const;
