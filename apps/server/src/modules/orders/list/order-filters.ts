/** The list's filter options (part 2 §3 "Filters response"): brands (applications) and delivery methods. */
import type { OrderFilters } from '@mc/api';
import { DELIVERY_METHODS } from '@mc/domain';
import type { RawQuery } from '../../../db/client.ts';

export async function getOrderFilters(query: RawQuery): Promise<OrderFilters> {
  const apps = await query<{ id: string; ref: string; name: string }>(
    'SELECT id, ref, name FROM applications ORDER BY name, ref',
  );
  return {
    items: [
      { name: 'application', options: apps.map((a) => ({ name: a.name, uuid: a.id, ref: a.ref })) },
      { name: 'delivery_methods', options: DELIVERY_METHODS.map((name) => ({ name })) },
    ],
  };
}
