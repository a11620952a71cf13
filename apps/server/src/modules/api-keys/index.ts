/** The API keys module's entry point (docs/decisions/0140). */
export { apiKeyHandlers } from './routes.ts';
