/** The team module's entry point. */
export { teamHandlers } from './routes.ts';
