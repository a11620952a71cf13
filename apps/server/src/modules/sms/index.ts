/** The SMS module's entry point. */
export { smsHandlers } from './routes.ts';
