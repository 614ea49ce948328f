import type { ComponentType } from 'react';
import type { ScreenId } from '../navigation/screens.ts';

const enablerForm = async () => (await import('../pages/enabler-form/index.tsx')).EnablerFormPage;

/*
 * The administrator's screens (spec section 2), each its own chunk fetched when first shown. The routes
 * reach them through this module, itself loaded on demand: the entry chunk, which the login page loads,
 * carries one import and its preload list instead of one per screen.
 */
const loaders = {
  adminEnablers: async () => (await import('../pages/admin-enablers/index.tsx')).AdminEnablersPage,
  adminLogs: async () => (await import('../pages/admin-logs/index.tsx')).AdminLogsPage,
  adminReports: async () => (await import('../pages/admin-reports/index.tsx')).AdminReportsPage,
  adminDatas: async () => (await import('../pages/admin-data/index.tsx')).AdminDataPage,
  adminUsers: async () => (await import('../pages/admin-users/index.tsx')).AdminUsersPage,
  newUser: async () => (await import('../pages/admin-users/user-form/index.tsx')).NewUserPage,
  updateUser: async () => (await import('../pages/admin-users/user-form/index.tsx')).UpdateUserPage,
  enablerConfig: async () => (await import('../pages/enabler-config/index.tsx')).EnablerConfigPage,
  enablerConfigs: async () => (await import('../pages/enabler-configs/index.tsx')).EnablerConfigsPage,
  newEnabler: enablerForm,
  updateEnabler: enablerForm,
  newEnablerConfig: async () => (await import('../pages/new-enabler-config/index.tsx')).NewEnablerConfigPage,
  adminMembers: async () => (await import('../pages/admin-members/index.tsx')).AdminMembersPage,
  newMember: async () => (await import('../pages/admin-members/form/index.tsx')).NewMemberPage,
  updateMember: async () => (await import('../pages/admin-members/form/index.tsx')).UpdateMemberPage,
  adminFields: async () => (await import('../pages/admin-plots/index.tsx')).AdminFieldsPage,
  newField: async () => (await import('../pages/admin-plots/form/index.tsx')).NewFieldPage,
  updateField: async () => (await import('../pages/admin-plots/form/index.tsx')).UpdateFieldPage,
  adminContributions: async () =>
    (await import('../pages/admin-contributions/index.tsx')).AdminContributionsPage,
  newContribution: async () => (await import('../pages/admin-money-form/index.tsx')).NewContributionPage,
  updateContribution: async () =>
    (await import('../pages/admin-money-form/index.tsx')).UpdateContributionPage,
  adminPayouts: async () => (await import('../pages/admin-payouts/index.tsx')).AdminPayoutsPage,
  newPayout: async () => (await import('../pages/admin-money-form/index.tsx')).NewPayoutPage,
  updatePayout: async () => (await import('../pages/admin-money-form/index.tsx')).UpdatePayoutPage,
  adminCashouts: async () => (await import('../pages/admin-cashouts/index.tsx')).AdminCashoutsPage,
  newCashout: async () => (await import('../pages/admin-money-form/index.tsx')).NewCashoutPage,
  updateCashout: async () => (await import('../pages/admin-money-form/index.tsx')).UpdateCashoutPage,
  apiReference: async () => (await import('../pages/api-reference/index.tsx')).ApiReferencePage,
  adminBenefitRuns: async () => (await import('../pages/admin-benefit-runs/index.tsx')).AdminBenefitRunsPage,
  newBenefitRun: async () => (await import('../pages/new-benefit-run/index.tsx')).NewBenefitRunPage,
  benefitRun: async () => (await import('../pages/benefit-run/index.tsx')).BenefitRunPage,
} satisfies Partial<Record<ScreenId, () => Promise<ComponentType>>>;

export type AdminScreen = keyof typeof loaders;

export const loadAdminPage = (screen: AdminScreen): Promise<ComponentType> => loaders[screen]();

export const isAdminScreen = (screen: ScreenId): screen is AdminScreen => screen in loaders;
