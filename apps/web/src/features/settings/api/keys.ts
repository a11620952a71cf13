export const merchantPath = (tmk: string, rest = '') => `/c/v2/merchants/${encodeURIComponent(tmk)}${rest}`;
