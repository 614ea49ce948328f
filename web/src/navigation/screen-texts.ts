import type { ScreenId } from './screens.ts';

/**
 * The first texts of the administrators' screens whose description is a fixed text (not their tables,
 * common/admin-table/table-texts.ts): each screen draws them under its title, and so does the frame's
 * outline before the screen's code has come (app/shell/outline.ts), so the two say the same.
 */
export const adminScreenTexts = {
  adminBenefitRuns: {
    description: 'benefitRuns.list.description',
    search: 'benefitRuns.list.searchPlaceholder',
    loading: 'benefitRuns.list.loading',
  },
  newBenefitRun: { description: 'benefitRuns.upload.pageDescription', loading: 'app.loading' },
  adminReports: { description: 'adminReports.description', loading: 'app.loading' },
  adminLogs: { description: 'adminLogs.pageDescription', loading: 'app.loading' },
  adminDatas: { description: 'datas.description', loading: 'app.loading' },
} as const satisfies Partial<Record<ScreenId, { description: string; search?: string; loading: string }>>;
