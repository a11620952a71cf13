/** The orders module's entry point: its handlers, the event fan-out and the one status-change path. */
import type { AppContext } from '../../context.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';
import { BULK_QUEUE, bulkQueueStats } from './bulk/bulk-queue.ts';
import { bulkHandlers } from './bulk/routes.ts';
import { orderCommandHandlers } from './commands/routes.ts';
import { orderDetailHandlers } from './detail/routes.ts';
import type { OrderStreams } from './events/order-events-stream.ts';
import { orderEventHandlers } from './events/routes.ts';
import { labelHandlers } from './labels/routes.ts';
import { orderListHandlers } from './list/routes.ts';
import { printoutHandlers } from './printouts/routes.ts';

export {
  BULK_QUEUE,
  type BulkJobs,
  bulkQueueStats,
  manageBulkJobs,
  startBulkJobs,
  stopBulkJobs,
  stopBulkWork,
} from './bulk/bulk-queue.ts';
export { listenOrderEvents } from './events/order-events-pg.ts';
export {
  type OrderEventsOptions,
  orderEventStreamsPlugin,
  orderEventsPlugin,
} from './events/order-events-plugin.ts';
export { OrderEventRelay } from './events/order-events-relay.ts';
export { OrderStreams } from './events/order-events-stream.ts';
export { recordMerchantEvent } from './outgoing-events.ts';
export { orderTransaction, transitionOrder, writeHistory, writeOrderEvent } from './transition-order.ts';

/** What `/metrics` reads of the orders module: its open event streams and its job queue (lib/metrics.ts). */
export function watchOrderMetrics(ctx: AppContext, streams: OrderStreams): void {
  ctx.metrics?.watchStreams(() => streams.open.size);
  ctx.metrics?.watchQueue(BULK_QUEUE, () => bulkQueueStats(ctx.database));
}

export function orderHandlers(ctx: AppContext, streams: OrderStreams) {
  return {
    ...orderListHandlers(ctx),
    ...orderEventHandlers(ctx, streams),
    ...orderDetailHandlers(ctx),
    ...orderCommandHandlers(ctx),
    ...labelHandlers(ctx),
    ...printoutHandlers(ctx),
    ...bulkHandlers(ctx),
  } satisfies EndpointHandlers<
    | keyof ReturnType<typeof orderListHandlers>
    | keyof ReturnType<typeof orderEventHandlers>
    | keyof ReturnType<typeof orderDetailHandlers>
    | keyof ReturnType<typeof orderCommandHandlers>
    | keyof ReturnType<typeof labelHandlers>
    | keyof ReturnType<typeof printoutHandlers>
    | keyof ReturnType<typeof bulkHandlers>
  >;
}
