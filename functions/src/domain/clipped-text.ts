/**
 * A text cut to at most `maxLength` characters (code points, as JSON Schema's maxLength counts them),
 * its end replaced by "…" when cut: for texts the product stores that come from elsewhere (an error's
 * message, a name in a user's file), so that an item and a page of them stay within AWS's sizes.
 */
export const clippedText = (text: string, maxLength: number): string => {
  const characters = [...text];
  return characters.length <= maxLength ? text : `${characters.slice(0, maxLength - 1).join('')}…`;
};
