import { screenPath, type ScreenId } from './screens.ts';

/** Fills a screen's :name parameters, each encoded as one path segment. */
export function pathTo(screen: ScreenId, parameters: Record<string, string> = {}): string {
  return screenPath(screen).replace(/:(\w+)/g, (_, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new Error(`No ${name} for the ${screen} screen`);
    return encodeURIComponent(value);
  });
}

/** Every in-app link, built from the list of screens (screens.ts). */
export const paths = {
  signIn: pathTo('login'),
  home: pathTo('home'),
  members: pathTo('members'),
  onboarding: pathTo('onboarding'),
  account: pathTo('account'),
  waiting: pathTo('waiting'),
  dashboard: pathTo('dashboard'),
  member: (memberId: string) => pathTo('member', { id: memberId }),
  newPlot: (memberId: string) => pathTo('newPlot', { memberId }),
  plot: (memberId: string, plotId: string) => pathTo('plot', { memberId, plotId }),
  adminUsers: pathTo('adminUsers'),
  newUser: pathTo('newUser'),
  updateUser: (email: string) => pathTo('updateUser', { email }),
  adminEnablers: pathTo('adminEnablers'),
  newEnabler: pathTo('newEnabler'),
  updateEnabler: (enablerId: string) => pathTo('updateEnabler', { id: enablerId }),
  enablerConfigs: (enablerId: string) => pathTo('enablerConfigs', { id: enablerId }),
  enablerConfig: (enablerId: string, configId: string) => pathTo('enablerConfig', { enablerId, configId }),
  newEnablerConfig: (enablerId: string) => pathTo('newEnablerConfig', { id: enablerId }),
  adminMembers: pathTo('adminMembers'),
  newMember: pathTo('newMember'),
  updateMember: (memberId: string) => pathTo('updateMember', { id: memberId }),
  adminFields: pathTo('adminFields'),
  newField: pathTo('newField'),
  updateField: (memberId: string, plotId: string) => pathTo('updateField', { memberId, id: plotId }),
  adminContributions: pathTo('adminContributions'),
  newContribution: pathTo('newContribution'),
  updateContribution: (id: string) => pathTo('updateContribution', { id }),
  adminPayouts: pathTo('adminPayouts'),
  newPayout: pathTo('newPayout'),
  updatePayout: (id: string) => pathTo('updatePayout', { id }),
  adminCashouts: pathTo('adminCashouts'),
  newCashout: pathTo('newCashout'),
  updateCashout: (id: string) => pathTo('updateCashout', { id }),
  apiReference: pathTo('apiReference'),
  adminBenefitRuns: pathTo('adminBenefitRuns'),
  newBenefitRun: pathTo('newBenefitRun'),
  benefitRun: (runId: string) => pathTo('benefitRun', { id: runId }),
};
