/**
 * What the home page shows first: its welcome naming the user, and the enabler's banner under it, drawn by
 * the page and by the frame's outline while the page's code loads (app/shell/outline.ts), so the two say
 * the same; both come from the session's restore.
 */
export const homeOutline = {
  heading: 'home.welcome',
  banner: 'home.bannerAlt',
  loading: 'app.loading',
  enabler: true,
} as const;
