/**
 * Has the browser load its number data now. The first Intl.NumberFormat of a page (a Cloudscape label's
 * IntlMessageFormat, an amount) reads it: 13–25 ms on this machine, 60–100 ms on a phone, and it then falls in
 * the signed-in frame's first draw, a long task (issue 38: total blocking time). Called while the page
 * waits for the network, it costs nothing the user waits for.
 */
export function loadNumberData(language: string): void {
  new Intl.NumberFormat(language).format(0);
}
