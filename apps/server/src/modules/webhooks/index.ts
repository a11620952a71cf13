/** The webhooks module's entry point: the event feed, webhook endpoints and their delivery (docs/decisions/0138, 0139). */
export { webhookHandlers } from './routes.ts';
