/** Product name shown in the brand header, titles and the footer. */
export const PRODUCT_NAME = 'Merchant Console';
export const SUPPORT_EMAIL = 'support@merchant-console.test';
