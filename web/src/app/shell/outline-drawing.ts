/** The outline's drawing code (outline-draw.ts), once the page's first module has fetched it. */
export type OutlineDrawing = typeof import('./outline-draw.ts');

let drawing: OutlineDrawing | undefined;

/**
 * Fetches the outline's drawing code: a chunk of its own, which only a signed-in screen with an outline
 * loads, so that the login page does not. React's copy of the outline (screen-outline.tsx) takes it from here.
 */
export const loadOutlineDrawing = (): Promise<OutlineDrawing> =>
  import('./outline-draw.ts').then((loaded) => (drawing = loaded));

/** The outline's drawing code, if the page's first module fetched it. */
export const outlineDrawing = (): OutlineDrawing | undefined => drawing;
