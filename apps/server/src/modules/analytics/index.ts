/** The analytics module's entry point: the orders summary of a period (the API's reports, tag Reports). */
export { analyticsHandlers } from './routes.ts';
