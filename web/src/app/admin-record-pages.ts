import type { ComponentType } from 'react';

/*
 * The administrator's record screens (spec section 2), each its own chunk fetched when first shown.
 * The routes reach them through this module, itself loaded on demand.
 */
const loaders = {
  adminMembers: async () => (await import('../pages/admin-members/index.tsx')).AdminMembersPage,
  newMember: async () => (await import('../pages/admin-members/form/index.tsx')).NewMemberPage,
  updateMember: async () => (await import('../pages/admin-members/form/index.tsx')).UpdateMemberPage,
  adminFields: async () => (await import('../pages/admin-fields/index.tsx')).AdminFieldsPage,
  newField: async () => (await import('../pages/admin-fields/form/index.tsx')).NewFieldPage,
  updateField: async () => (await import('../pages/admin-fields/form/index.tsx')).UpdateFieldPage,
  adminContributions: async () =>
    (await import('../pages/admin-contributions/index.tsx')).AdminContributionsPage,
  newContribution: async () =>
    (await import('../pages/admin-contributions/form/index.tsx')).NewContributionPage,
  updateContribution: async () =>
    (await import('../pages/admin-contributions/form/index.tsx')).UpdateContributionPage,
  adminPayouts: async () => (await import('../pages/admin-payouts/index.tsx')).AdminPayoutsPage,
  newPayout: async () => (await import('../pages/admin-payouts/form/index.tsx')).NewPayoutPage,
  updatePayout: async () => (await import('../pages/admin-payouts/form/index.tsx')).UpdatePayoutPage,
  adminCashouts: async () => (await import('../pages/admin-cashouts/index.tsx')).AdminCashoutsPage,
  newCashout: async () => (await import('../pages/admin-cashouts/form/index.tsx')).NewCashoutPage,
  updateCashout: async () => (await import('../pages/admin-cashouts/form/index.tsx')).UpdateCashoutPage,
} satisfies Record<string, () => Promise<ComponentType>>;

export type AdminRecordScreen = keyof typeof loaders;

export const loadAdminRecordPage = (screen: AdminRecordScreen): Promise<ComponentType> => loaders[screen]();
