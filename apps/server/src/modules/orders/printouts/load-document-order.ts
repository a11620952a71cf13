/**
 * One order of a merchant as the documents print it, for a report download: read by the same loader
 * as the bulk batch (load-orders.ts) and mapped by the same mapper (document-order.ts), so a
 * single slip and a bulk slip of the same order are the same.
 */
import { DomainError } from '@mc/domain';
import type { Database } from '../../../db/client.ts';
import type { MerchantRow } from '../../../db/rows.ts';
import type { DocumentOrder } from '../../../pdf/types.ts';
import { toDocumentOrder } from './document-order.ts';
import { type BulkOrderRow, loadBulkOrders } from './load-orders.ts';

/** One order of this merchant (404 otherwise), with its stored row. */
export async function loadDocumentOrder(
  database: Database,
  merchant: MerchantRow,
  orderId: string,
  siteName: string,
): Promise<{ row: BulkOrderRow; order: DocumentOrder }> {
  const [row] = await loadBulkOrders(database, merchant.id, [orderId]);
  if (!row) throw new DomainError('NOT_FOUND', 'Order not found');
  return { row, order: toDocumentOrder(row, merchant, siteName) };
}
