/** The docs module's entry point: the API reference page. */
export { registerDocsRoutes } from './routes.ts';
