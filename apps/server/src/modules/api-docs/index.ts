/** The API docs module's entry point: the API reference page (/api-docs) over /openapi.json. */
export { registerApiDocsRoutes } from './routes.ts';
