/** Row types shared by several modules (one place, so no module imports another's inner files for them). */
import type { merchants } from './schema.ts';

export type MerchantRow = typeof merchants.$inferSelect;
