/** What the Developers page says about each API key scope and each event type. */
import type { ApiKeyScope, OutgoingEventType } from '@mc/domain';

export const SCOPE_LABELS: Readonly<Record<ApiKeyScope, { label: string; description: string }>> = {
  'orders.read': {
    label: 'Read orders',
    description: 'Lists, counts, search, details and batches (not the live stream: use the feed)',
  },
  'orders.write': {
    label: 'Change orders',
    description: 'Accept, reject, ship, add tracking, change items and delivery details',
  },
  'documents.read': {
    label: 'Download documents',
    description: 'Receipts, packing slips, delivery directions and shipping labels',
  },
  'reports.read': { label: 'Read reports', description: 'The reports summary, revenue included' },
  'inventory.read': { label: 'Read inventory', description: 'The store’s offerings, prices and stock' },
  'webhooks.manage': { label: 'Manage webhooks', description: 'Add, change and remove webhook endpoints' },
  'events.read': {
    label: 'Read the event feed',
    description: 'Every order change, oldest first, for 30 days',
  },
};

export const EVENT_LABELS: Readonly<Record<OutgoingEventType, string>> = {
  'order.created': 'New order',
  'order.accepted': 'Order accepted',
  'order.rejected': 'Order rejected',
  'order.on_hold': 'Order on hold',
  'order.items_changed': 'Items changed',
  'order.tracking_added': 'Tracking added',
  'order.shipped': 'Order shipped',
  'order.delivered': 'Order delivered',
  'order.cancelled': 'Order cancelled',
  'order.delivery_failed': 'Delivery failed',
  'batch.completed': 'Bulk batch finished',
};
