/** The dev module's entry point: the sandbox outbox pages. */
export { registerDevRoutes } from './routes.ts';
