/** The billing module's entry point. */
export { billingHandlers } from './routes.ts';
export { registerSandboxStripePages } from './sandbox-pages.ts';
