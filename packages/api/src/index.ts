export * from './errors.ts';
export * from './auth.ts';
export * from './client.ts';
export * from './merchant.ts';
export * from './marketplace.ts';
