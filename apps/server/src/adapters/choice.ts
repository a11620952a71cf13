import type { Config } from '../config.ts';

/** The outside services the product talks to; each has a real adapter and a sandbox. */
export const ADAPTER_NAMES = ['email', 'sms', 'payments', 'carrier', 'courier', 'maps'] as const;
export type AdapterName = (typeof ADAPTER_NAMES)[number];

/** The settings that switch each adapter from its sandbox to the real provider (for messages and docs). */
export const ADAPTER_SETTINGS: Record<AdapterName, string> = {
  email: 'SMTP_URL',
  sms: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
  payments: 'STRIPE_SECRET_KEY',
  carrier: 'EASYPOST_API_KEY',
  courier: 'DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET',
  maps: 'MAPS_API_KEY',
};

/**
 * The one decision of real provider versus sandbox: each entry is the provider's settings, or undefined when
 * the adapter falls back to its sandbox. `defaultAdapters` (context.ts) builds from it and the production check
 * (config-check.ts) reads it, so the two never disagree. A new provider is one line here plus its constructor
 * in `defaultAdapters`.
 */
export function providerSettings(config: Config) {
  return {
    email: config.smtpUrl,
    sms: config.twilio,
    payments: config.stripeSecretKey,
    carrier: config.providers.easypostApiKey,
    courier: config.providers.doordash,
    maps: config.mapsApiKey,
  } satisfies Record<AdapterName, unknown>;
}

/** The adapters that would run as sandboxes with this configuration, in ADAPTER_NAMES order. */
export function sandboxesInUse(config: Config): AdapterName[] {
  const settings = providerSettings(config);
  return ADAPTER_NAMES.filter((name) => !settings[name]);
}
