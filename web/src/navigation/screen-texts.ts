import type { ScreenId } from './screens.ts';

/**
 * The first texts of the administrators' other full-page tables whose description is a fixed text, or names
 * the session's enabler (the
 * record tables': common/admin-table/table-texts.ts): each draws them under its title, and so does the
 * frame's outline before the screen's code has come (app/shell/outline.ts), so the two say the same.
 * Not the screens whose largest text is further down (logs, data, a new run): their outline would draw
 * the heading sooner but not that text, and the app's start would then count as blocking time.
 */
export const adminScreenTexts = {
  adminBenefitRuns: {
    description: 'benefitRuns.list.description',
    search: 'benefitRuns.list.searchPlaceholder',
    loading: 'benefitRuns.list.loading',
  },
  adminReports: { description: 'adminReports.description', loading: 'app.loading' },
  // Its description names the session's enabler, which the session's restore answers.
  adminUsers: {
    description: 'adminUsers.description',
    search: 'adminUsers.filter.placeholder',
    loading: 'app.loading',
    enabler: true,
    // Its add button stays beside its short heading on a phone in English, and goes under it in French.
    action: 'adminUsers.add',
    actionIcon: true,
  },
} as const satisfies Partial<
  Record<
    ScreenId,
    {
      description: string;
      search?: string;
      loading: string;
      enabler?: boolean;
      action?: string;
      actionIcon?: boolean;
    }
  >
>;
