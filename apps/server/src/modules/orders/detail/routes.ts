import type { AppContext } from '../../../context.ts';
import type { EndpointHandlers } from '../../../lib/endpoint-handlers.ts';
import { sendFile } from '../../../lib/send-file.ts';
import { getOrderDetail, getOrderMapImage } from './get-order-detail.ts';

/** The order detail (GET /m/v2/orders/{id}) and its map image. */
export function orderDetailHandlers(ctx: AppContext): EndpointHandlers<'getOrder' | 'getOrderMap'> {
  return {
    getOrder: async ({ caller, params }) => getOrderDetail(ctx, caller.merchant, params.id),
    getOrderMap: async ({ caller, params, reply }) => {
      const image = await getOrderMapImage(ctx, caller.merchant, params.id);
      return sendFile(reply, { ...image, cacheControl: 'private, max-age=3600' });
    },
  };
}
