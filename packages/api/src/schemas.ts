// biome-ignore-all assist/source/organizeImports: the order of these exports is the order of /openapi.json's components
/**
 * Every schema module of the contract. The order of these lines is the order of `components.schemas` in
 * /openapi.json: zod's registry lists the schemas with an id in the order their modules ran, and index.ts
 * runs this module first. It is the order the document had before the contract was split per resource
 * (docs/decisions/0127); a new module goes at the end, and moving a line reorders the document.
 */
export * from './auth/schemas.ts';
export * from './bulk/schemas.ts';
export * from './courier/schemas.ts';
export * from './printouts/schemas.ts';
export * from './labels/schemas.ts';
export * from './sms/schemas.ts';
export * from './errors.ts';
export * from './inventory/schemas.ts';
export * from './marketplace/schemas.ts';
export * from './merchant/schemas.ts';
export * from './orders/detail-schemas.ts';
export * from './orders/list-filters.ts';
export * from './orders/stream-event.ts';
export * from './orders/list-schemas.ts';
export * from './analytics/schemas.ts';
export * from './merchant/settings-schemas.ts';
export * from './team/schemas.ts';
export * from './alerts/schemas.ts';
export * from './billing/schemas.ts';
export * from './merchant/carrier-schemas.ts';
export * from './events/schemas.ts';
export * from './webhooks/schemas.ts';
export * from './api-keys/schemas.ts';
