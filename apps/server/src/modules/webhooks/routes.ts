/** The event feed and webhook endpoints (docs/decisions/0138, 0139). */
import { DomainError } from '@mc/domain';
import type { AppContext } from '../../context.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';

type WebhookOperation =
  | 'listEvents'
  | 'listMarketplaceEvents'
  | 'listWebhooks'
  | 'createWebhook'
  | 'updateWebhook'
  | 'deleteWebhook'
  | 'rotateWebhookSecret'
  | 'testWebhook'
  | 'listWebhookDeliveries'
  | 'replayWebhookDelivery'
  | 'listMarketplaceWebhooks'
  | 'createMarketplaceWebhook'
  | 'deleteMarketplaceWebhook';

const notYet = async (): Promise<never> => {
  throw new DomainError('UNAVAILABLE', 'Not available yet');
};

export function webhookHandlers(_ctx: AppContext): EndpointHandlers<WebhookOperation> {
  return {
    listEvents: notYet,
    listMarketplaceEvents: notYet,
    listWebhooks: notYet,
    createWebhook: notYet,
    updateWebhook: notYet,
    deleteWebhook: notYet,
    rotateWebhookSecret: notYet,
    testWebhook: notYet,
    listWebhookDeliveries: notYet,
    replayWebhookDelivery: notYet,
    listMarketplaceWebhooks: notYet,
    createMarketplaceWebhook: notYet,
    deleteMarketplaceWebhook: notYet,
  };
}
