/** Per-tab counts from merchant_tab_counts (kept by a trigger on orders): four rows, never a scan. */
import type { OrderCounts } from '@mc/api';
import { ORDER_TABS } from '@mc/domain';
import type { RawQuery } from '../../../db/client.ts';

export const COUNTS_SQL = 'SELECT tab, count FROM merchant_tab_counts WHERE merchant_id = $1';

export async function getOrderCounts(query: RawQuery, merchantId: string): Promise<OrderCounts> {
  const rows = await query<{ tab: string; count: number }>(COUNTS_SQL, [merchantId]);
  const counts: OrderCounts = { active: 0, on_hold: 0, cancelled: 0, completed: 0 };
  for (const r of rows)
    if ((ORDER_TABS as readonly string[]).includes(r.tab))
      counts[r.tab as keyof OrderCounts] = Number(r.count);
  return counts;
}
