/**
 * What the new member's screen shows above its form: its heading and description, drawn by the page and by
 * the frame's outline while the page's code loads (app/shell/outline.ts), so the two say the same.
 */
export const onboardingOutline = {
  heading: 'members.onboarding.title',
  description: 'members.onboarding.description',
  loading: 'app.loading',
  // Its optional fields' labels end in a bold italic "- optional": in the fallback font until that face
  // came, they moved the fields below when it did (a layout shift of 0.20 on a phone).
  faces: ['italic 700 14px "Open Sans"'],
} as const;
