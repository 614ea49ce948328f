/** The element both top bars render in; the signed-in layout reads its height from it. */
export const TOP_BAR_ID = 'top-bar';
