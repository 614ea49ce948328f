import { screenTitleKey } from '../../navigation/screens.ts';

/**
 * What the member's page shows first, drawn by the page and by the frame's outline while the page's code
 * loads (app/shell/outline.ts), from the member's early read: the member's name as its heading, the number
 * and village under it, the tabs' row and the status cards, whose longest label is the page's largest text
 * on a phone.
 */
export const memberOutline = {
  heading: screenTitleKey('member'),
  description: 'members.member.description',
  loading: 'members.member.loading',
  member: true,
  memberHeading: true,
  tabs: true,
  statusCards: true,
} as const;
