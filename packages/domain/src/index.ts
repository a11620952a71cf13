export * from './order-status.ts';
export * from './transitions.ts';
export * from './validation.ts';
