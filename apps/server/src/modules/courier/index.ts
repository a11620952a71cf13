/** The courier module's entry point. */

export { DOORDASH_WEBHOOK_PATH } from './doordash-webhook.ts';
export { courierHandlers } from './routes.ts';
