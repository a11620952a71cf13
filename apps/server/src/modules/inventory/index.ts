/** The inventory module's entry point. */
export { inventoryHandlers } from './routes.ts';
