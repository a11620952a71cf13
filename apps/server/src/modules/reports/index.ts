/** The reports module's entry point. */
export { reportsHandlers } from './routes.ts';
