/** Webhook endpoints: create, list, change, remove, rotate the secret (docs/decisions/0139). */
import type {
  CreateMarketplaceWebhookBody,
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '@mc/api';
import { DomainError, type OutgoingEventType } from '@mc/domain';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { webhookEndpoints } from '../../db/schema.ts';
import { resolveDestination } from './destination.ts';
import { newWebhookSecret } from './signing.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
/** Whose endpoints: a store's, or the marketplace's (merchant_id null). */
export type Owner = { merchantId: string } | 'marketplace';

/** How long the secret before a rotation keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

const notFound = () => new DomainError('NOT_FOUND', 'Webhook endpoint not found');

function ownedBy(owner: Owner): SQL {
  return owner === 'marketplace'
    ? isNull(webhookEndpoints.merchant_id)
    : eq(webhookEndpoints.merchant_id, owner.merchantId);
}

export function endpointAnswer(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as OutgoingEventType[],
    description: row.description,
    application_ref: row.application_ref,
    include_customer_contact: row.merchant_id === null || row.include_customer_contact,
    status: row.status === 'disabled' ? 'disabled' : 'enabled',
    disabled_reason: row.disabled_reason,
    created_at: row.created_at.toISOString(),
  };
}

const withSecret = (row: EndpointRow): WebhookEndpointWithSecret => ({
  ...endpointAnswer(row),
  secret: row.secret,
});

export async function listEndpoints(ctx: AppContext, owner: Owner): Promise<WebhookEndpoint[]> {
  const rows = await ctx.database.db
    .select()
    .from(webhookEndpoints)
    .where(ownedBy(owner))
    .orderBy(asc(webhookEndpoints.created_at), asc(webhookEndpoints.id));
  return rows.map(endpointAnswer);
}

export async function readEndpoint(ctx: AppContext, owner: Owner, id: string): Promise<EndpointRow> {
  const [row] = await ctx.database.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function createEndpoint(
  ctx: AppContext,
  owner: Owner,
  body: CreateWebhookBody | CreateMarketplaceWebhookBody,
): Promise<WebhookEndpointWithSecret> {
  await resolveDestination(new URL(body.url), ctx.config.webhookAllowPrivate);
  const applicationRef = 'application_ref' in body ? (body.application_ref ?? null) : null;
  // A brand need not exist yet: a storefront may subscribe before its first order comes in.
  const [row] = await ctx.database.db
    .insert(webhookEndpoints)
    .values({
      merchant_id: owner === 'marketplace' ? null : owner.merchantId,
      application_ref: applicationRef,
      url: body.url,
      events: [...new Set(body.events)],
      description: body.description ?? null,
      include_customer_contact: 'include_customer_contact' in body ? body.include_customer_contact : true,
      secret: newWebhookSecret(),
    })
    .returning();
  if (!row) throw new Error('webhook endpoint insert returned nothing');
  return withSecret(row);
}

export async function updateEndpoint(
  ctx: AppContext,
  owner: Owner,
  id: string,
  body: UpdateWebhookBody,
): Promise<WebhookEndpoint> {
  await readEndpoint(ctx, owner, id);
  if (body.url) await resolveDestination(new URL(body.url), ctx.config.webhookAllowPrivate);
  const [row] = await ctx.database.db
    .update(webhookEndpoints)
    .set({
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.include_customer_contact !== undefined
        ? { include_customer_contact: body.include_customer_contact }
        : {}),
      ...(body.enabled === true ? { status: 'enabled', disabled_reason: null } : {}),
      ...(body.enabled === false ? { status: 'disabled', disabled_reason: 'Turned off by the owner' } : {}),
      updated_at: new Date(),
    })
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .returning();
  if (!row) throw notFound();
  return endpointAnswer(row);
}

export async function deleteEndpoint(ctx: AppContext, owner: Owner, id: string): Promise<{ success: true }> {
  const gone = await ctx.database.db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .returning({ id: webhookEndpoints.id });
  if (!gone.length) throw notFound();
  return { success: true };
}

export async function rotateSecret(
  ctx: AppContext,
  owner: Owner,
  id: string,
  now = new Date(),
): Promise<WebhookEndpointWithSecret> {
  const current = await readEndpoint(ctx, owner, id);
  const [row] = await ctx.database.db
    .update(webhookEndpoints)
    .set({
      secret: newWebhookSecret(),
      previous_secret: current.secret,
      previous_secret_until: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      updated_at: now,
    })
    .where(and(eq(webhookEndpoints.id, id), ownedBy(owner)))
    .returning();
  if (!row) throw notFound();
  return withSecret(row);
}

/** The secrets that sign now: the current one, and the one before it during its 24 hours. */
export function signingSecrets(row: EndpointRow, now = new Date()): string[] {
  return row.previous_secret && row.previous_secret_until && row.previous_secret_until > now
    ? [row.secret, row.previous_secret]
    : [row.secret];
}
