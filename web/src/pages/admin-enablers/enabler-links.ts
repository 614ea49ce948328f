/** The addresses of the enabler screens (spec section 2), in one place for every screen that links to them. */
export const enablerLinks = {
  list: '/AdminEnablers',
  add: '/NewEnabler',
  edit: (enablerId: string) => `/UpdateEnabler/${encodeURIComponent(enablerId)}`,
  configs: (enablerId: string) => `/Enabler/${encodeURIComponent(enablerId)}/Configs`,
  config: (enablerId: string, configId: string) =>
    `/Enabler/${encodeURIComponent(enablerId)}/Config/${encodeURIComponent(configId)}`,
  newConfig: (enablerId: string) => `/Enabler/${encodeURIComponent(enablerId)}/NewConfig`,
};
