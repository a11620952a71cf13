export * from './validation.ts';
