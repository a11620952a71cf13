/** The merchants module's entry point. */
export { merchantHandlers } from './routes.ts';
