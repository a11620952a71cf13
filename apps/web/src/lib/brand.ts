/**
 * The site's name shown in the brand header, the document title and the footer. The server writes its
 * SITE_NAME into the page it sends (the `site-name` meta of index.html), so the bundle carries no name
 * of its own and one build serves any site (docs/decisions/0132).
 */
export function siteName(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="site-name"]')?.content.trim() ?? '';
}

/**
 * The former payment provider's bank-account form is kept but hidden unless the server's LEGACY_BANK_FORM
 * setting turns it on (the `legacy-bank-form` meta it writes into the page).
 */
export function legacyBankFormEnabled(): boolean {
  return document.querySelector<HTMLMetaElement>('meta[name="legacy-bank-form"]')?.content === 'on';
}

export const SUPPORT_EMAIL = 'support@merchant-console.test';
