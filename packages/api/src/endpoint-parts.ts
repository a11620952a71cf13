/**
 * What the per-resource endpoint tables (`<resource>/endpoints.ts`) share: the error answers every endpoint
 * declares and the operation tags of /openapi.json (described in openapi.ts). Not exported from the package.
 */
import { ErrorBodySchema } from './errors.ts';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;
/** `{message, errors?}` answers for the given statuses. */
export function errors<S extends ErrorStatus>(...statuses: S[]): { [K in S]: typeof ErrorBodySchema } {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema])) as {
    [K in S]: typeof ErrorBodySchema;
  };
}
/**
 * What every merchant endpoint can answer besides its success: bad input, no session, role (or an API key's
 * scopes), not found, and an API key past its own rate limit (docs/decisions/0140).
 */
export const merchantErrors = errors(400, 401, 403, 404, 429);
/** What the framework answers to a POST or PUT before its body reaches a schema: too large (413), a content type it does not read (415). */
export const bodyErrors = errors(413, 415);

/** The tag of each group of operations; /openapi.json lists the tags in the order the table first uses them. */
export const TAGS = {
  accounts: ['Accounts'],
  team: ['Team'],
  alerts: ['Alerts'],
  merchant: ['Merchant'],
  billing: ['Billing'],
  inventory: ['Inventory'],
  orders: ['Orders'],
  bulk: ['Bulk tools'],
  reports: ['Reports'],
  marketplace: ['Marketplace'],
  integrations: ['Integrations'],
  events: ['Events'],
  webhooks: ['Webhooks'],
  apiKeys: ['API keys'],
} as const;
