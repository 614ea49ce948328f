/**
 * What the member list shows before its first page: its heading, its search field's placeholder and the
 * table's loading text. Drawn by the page, and by the frame's outline while the page's code loads
 * (app/shell/screen-outline.tsx).
 */
export const membersOutline = {
  heading: 'members.list.title',
  search: 'members.list.search.placeholder',
  loading: 'members.list.loading',
} as const;
