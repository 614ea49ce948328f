/*
 * The mirror environment's section of the Data page (status, refresh, trigger: spec section 2) belongs
 * to the mirror work of issue 15 (branch i15-ops), which replaces this component; the page already
 * places it between the imports and the documentation.
 */
export function MirrorSection() {
  return null;
}
