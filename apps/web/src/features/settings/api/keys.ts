/** Query keys of the settings area: ['settings', tmk, <resource>]. The merchant itself lives under ['merchant', tmk]. */
export const settingsKeys = {
  all: (tmk: string) => ['settings', tmk] as const,
  hours: (tmk: string) => ['settings', tmk, 'hours'] as const,
  team: (tmk: string) => ['settings', tmk, 'team'] as const,
  billing: (tmk: string) => ['settings', tmk, 'billing'] as const,
  onboarding: (tmk: string) => ['settings', tmk, 'onboarding'] as const,
  carrier: (tmk: string) => ['settings', tmk, 'carrier'] as const,
};

export const merchantPath = (tmk: string, rest = '') => `/c/v2/merchants/${encodeURIComponent(tmk)}${rest}`;
