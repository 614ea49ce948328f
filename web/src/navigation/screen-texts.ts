import type { ScreenId } from './screens.ts';

/**
 * The first texts of the administrators' other full-page tables whose description is a fixed text, or names
 * the session's enabler (the
 * record tables': common/admin-table/table-texts.ts): each draws them under its title, and so does the
 * frame's outline before the screen's code has come (app/shell/outline.ts), so the two say the same.
 * The data screen, a new run and the logs have their largest text in their first section, under the
 * description (the logs' under their tabs): their outline draws that section's title and description too.
 * `actions`: a button beside the heading, which takes a row of its own on a phone.
 */
export const adminScreenTexts = {
  adminBenefitRuns: {
    description: 'benefitRuns.list.description',
    search: 'benefitRuns.list.searchPlaceholder',
    loading: 'benefitRuns.list.loading',
    actions: true,
  },
  adminReports: { description: 'adminReports.description', loading: 'app.loading', actions: true },
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
  adminDatas: {
    description: 'datas.description',
    loading: 'app.loading',
    section: { heading: 'datas.export.title', description: 'datas.export.description' },
  },
  // Its first section is the activity table's header, under the tabs.
  adminLogs: {
    description: 'adminLogs.pageDescription',
    loading: 'app.loading',
    tabs: true,
    section: { heading: 'adminLogs.tabs.activity', description: 'activity.description', plain: true },
  },
  newBenefitRun: {
    description: 'benefitRuns.upload.pageDescription',
    loading: 'app.loading',
    breadcrumbs: true,
    section: { heading: 'benefitRuns.covered.title', description: 'benefitRuns.covered.description' },
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
      actions?: boolean;
      breadcrumbs?: boolean;
      tabs?: boolean;
      section?: { heading: string; description: string; plain?: boolean };
    }
  >
>;
