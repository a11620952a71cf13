/**
 * Every order change of the detail view: PUT /m/v2/orders/{id} (status), POST .../data, .../courier, .../ship,
 * .../failed_delivery.
 * Each answers with the updated order; on success the answer goes into the cache (lib/order-answers.ts):
 * the detail is replaced and the order's row patched in the loaded lists; only the tab counts and the lists
 * of a tab the order moved to are fetched again (docs/decisions/0128).
 */
import type {
  CourierBody,
  FailedDeliveryBody,
  OrderDataBody,
  OrderDetail,
  ShipOrderBody,
  UpdateOrderBody,
} from '@mc/api';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { applyOrderAnswer } from '../../../lib/order-answers.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { ordersKeys } from '../../../lib/query-keys.ts';

export function refreshOrder(tmk: string, id: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ordersKeys.detail(tmk, id) });
}

export type OrderChange =
  | { kind: 'status'; body: UpdateOrderBody }
  | { kind: 'data'; body: OrderDataBody }
  | { kind: 'courier'; body: CourierBody }
  | { kind: 'ship'; body: ShipOrderBody }
  | { kind: 'failed_delivery'; body: FailedDeliveryBody };

function sendOrderChange(tmk: string, id: string, change: OrderChange): Promise<OrderDetail> {
  switch (change.kind) {
    case 'status':
      return api.updateOrder({ params: { id }, body: change.body });
    case 'data':
      return api.saveOrderData({ params: { tmk, id }, body: change.body });
    case 'courier':
      return api.requestCourier({ params: { tmk, id }, body: change.body });
    case 'ship':
      return api.shipOrder({ params: { tmk, id }, body: change.body });
    case 'failed_delivery':
      return api.failedDelivery({ params: { tmk, id }, body: change.body });
  }
}

export function useOrderChange(tmk: string, id: string) {
  return useMutation({
    mutationFn: (change: OrderChange) => sendOrderChange(tmk, id, change),
    onSuccess: (order) => applyOrderAnswer(queryClient, tmk, order),
  });
}
