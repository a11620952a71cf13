import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, webhookEndpoints } from '../../db/schema.ts';
import { buildMerchantWithOwner, buildOrder, useTestApp } from '../../test/harness.ts';
import { fanOut, pruneEvents } from './delivery.ts';
import { isPrivateAddress, resolveDestination } from './destination.ts';
import { type Received, type Receiver, startReceiver, until } from './test-receiver.ts';
import { startWebhookWorker, type WebhookWorker } from './worker.ts';

const t = useTestApp();
const MARKETPLACE = { authorization: 'Bearer demo-marketplace-key' };
// Retries after a fifth of a second, so a test sees a whole schedule (the real one spans a day).
const RETRIES = [0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2];
let worker: WebhookWorker;
let receiver: Receiver;
beforeAll(() => {
  worker = startWebhookWorker(t.ctx, { retryDelaysS: RETRIES, tickMs: 100 });
});
afterAll(async () => worker.stop());
afterEach(async () => receiver?.close());

function verified(secret: string, r: Received) {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as {
    id: string;
    type: string;
    data: { order: { id: string; status: string; customer: { email: string } } };
  };
}

async function storeWithEndpoint(events: string[], extra: Record<string, unknown> = {}) {
  const owner = await buildMerchantWithOwner(t);
  receiver = await startReceiver();
  const res = await t.app.inject({
    method: 'POST',
    url: `/m/v2/merchant/${owner.merchant.tmk}/webhooks`,
    headers: owner.headers,
    payload: { url: receiver.url, events, ...extra },
  });
  expect(res.statusCode).toBe(201);
  const endpoint = res.json() as { id: string; secret: string };
  expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  return { ...owner, endpoint, base: `/m/v2/merchant/${owner.merchant.tmk}/webhooks/${endpoint.id}` };
}

async function accept(headers: Record<string, string>, id: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/m/v2/orders/${id}`,
    headers,
    payload: { status: 'MERCHANT_ACCEPTED' },
  });
  expect(res.statusCode).toBe(200);
}

const endpointStatus = async (id: string) =>
  (await t.ctx.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]?.status;

describe('webhook delivery', () => {
  it('delivers order.accepted, signed, within 2 s of the accept', async () => {
    const s = await storeWithEndpoint(['order.accepted']);
    const id = await buildOrder(t.ctx, { merchantTmk: s.merchant.tmk });
    const acceptedAt = Date.now();
    await accept(s.headers, id);
    await until(() => receiver.received.length === 1, 2000);
    const got = receiver.received[0]!;
    expect(got.at - acceptedAt).toBeLessThan(2000);
    const event = verified(s.endpoint.secret, got);
    expect(event.type).toBe('order.accepted');
    expect(event.id).toBe(got.headers['webhook-id']);
    expect(event.data.order).toMatchObject({ id, status: 'MERCHANT_ACCEPTED' });
    // A store's endpoint sees the customer's contact only when its owner asked for it.
    expect(event.data.order.customer.email).toBe('');
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('retries a failing receiver with the same webhook-id; the log shows every attempt; replay sends it again', async () => {
    const s = await storeWithEndpoint(['order.accepted'], { include_customer_contact: true });
    receiver.answers.push(500, 500, 500);
    const id = await buildOrder(t.ctx, { merchantTmk: s.merchant.tmk });
    await accept(s.headers, id);
    await until(() => receiver.received.length === 4, 8000);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const event = verified(s.endpoint.secret, receiver.received[3]!);
    expect(event.data.order.customer.email).toContain('@');
    await until(async () => {
      const log = (
        await t.app.inject({ method: 'GET', url: `${s.base}/deliveries`, headers: s.headers })
      ).json();
      return log.items.length === 4;
    });
    const log = (
      await t.app.inject({ method: 'GET', url: `${s.base}/deliveries`, headers: s.headers })
    ).json();
    expect(log.items.map((d: { attempt: number }) => d.attempt)).toEqual([4, 3, 2, 1]);
    expect(log.items.map((d: { status_code: number }) => d.status_code)).toEqual([200, 500, 500, 500]);
    expect(log.items[1].response_body.length).toBeLessThanOrEqual(1024);
    expect(log.items[0].event_id).toBe(event.id);

    const replay = await t.app.inject({
      method: 'POST',
      url: `${s.base}/deliveries/${log.items[0].id}/replay`,
      headers: s.headers,
    });
    expect(replay.statusCode).toBe(202);
    await until(() => receiver.received.length === 5);
    expect(verified(s.endpoint.secret, receiver.received[4]!).id).toBe(event.id);
  });

  it('keeps the events of each order in order while it sends several orders at once', async () => {
    const s = await storeWithEndpoint(['order.created', 'order.accepted']);
    // The first attempt fails: its order's next event must wait for the retry; the other orders go on.
    receiver.answers.push(500);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await buildOrder(t.ctx, { merchantTmk: s.merchant.tmk }));
    for (const id of ids) await accept(s.headers, id);
    await until(() => receiver.received.length === 9, 8000);
    const arrived = receiver.received.map((r) => {
      const e = JSON.parse(r.body) as { type: string; data: { order: { id: string } } };
      return { order: e.data.order.id, type: e.type };
    });
    for (const id of ids) {
      const types = arrived.filter((a) => a.order === id).map((a) => a.type);
      expect(types.at(-1)).toBe('order.accepted');
      expect(types.filter((x) => x === 'order.accepted')).toHaveLength(1);
      expect(types.slice(0, -1).every((x) => x === 'order.created')).toBe(true);
    }
  });

  it('signs with both secrets for a day after a rotation, and sends a test event', async () => {
    const s = await storeWithEndpoint(['order.accepted']);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `${s.base}/rotate_secret`,
      headers: s.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(s.endpoint.secret);
    const test = await t.app.inject({ method: 'POST', url: `${s.base}/test`, headers: s.headers });
    expect(test.statusCode).toBe(202);
    await until(() => receiver.received.length === 1);
    const got = receiver.received[0]!;
    const signatures = String(got.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((sig) => sig.startsWith('v1,'))).toBe(true);
    expect(verified(fresh, got).type).toBe('webhook.test');
    expect(verified(s.endpoint.secret, got).id).toBe(test.json().event_id);
    // Each signature on its own is the one of its secret.
    for (const [i, secret] of [fresh, s.endpoint.secret].entries())
      expect(() =>
        new Webhook(secret).verify(got.body, {
          'webhook-id': String(got.headers['webhook-id']),
          'webhook-timestamp': String(got.headers['webhook-timestamp']),
          'webhook-signature': signatures[i]!,
        }),
      ).not.toThrow();
  });

  it('turns the endpoint off when it answers 410', async () => {
    const s = await storeWithEndpoint(['order.created']);
    receiver.fallback = 410;
    await buildOrder(t.ctx, { merchantTmk: s.merchant.tmk });
    await until(async () => (await endpointStatus(s.endpoint.id)) === 'disabled');
    expect(receiver.received).toHaveLength(1);
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/m/v2/merchant/${s.merchant.tmk}/webhooks`,
        headers: s.headers,
      })
    ).json();
    expect(list.items[0]).toMatchObject({
      status: 'disabled',
      disabled_reason: 'The endpoint answered 410 Gone',
    });
    expect(list.items[0].secret).toBeUndefined();
  });

  it('turns the endpoint off and emails the owner once every retry failed', async () => {
    const s = await storeWithEndpoint(['order.created']);
    receiver.fallback = 503;
    await buildOrder(t.ctx, { merchantTmk: s.merchant.tmk });
    await until(async () => (await endpointStatus(s.endpoint.id)) === 'disabled', 8000);
    expect(receiver.received).toHaveLength(RETRIES.length + 1);
    // The owner's email follows the switch-off.
    await until(async () => {
      const mail = await t.ctx.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, s.user.email));
      return mail.some((m) => m.subject === 'A webhook endpoint was turned off');
    });
  });

  it('sends a storefront its brand’s orders across stores and nothing of another brand', async () => {
    receiver = await startReceiver();
    const ref = `hooks-${Date.now().toString(36)}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/m/v2/marketplace/webhooks',
      headers: MARKETPLACE,
      payload: { url: receiver.url, events: ['order.created'], application_ref: ref },
    });
    expect(created.statusCode).toBe(201);
    const { secret, id: endpointId } = created.json();
    const a = await buildMerchantWithOwner(t);
    const b = await buildMerchantWithOwner(t);
    // The brand exists once its first order came in; another brand's order goes elsewhere.
    const one = await buildOrder(t.ctx, { merchantTmk: a.merchant.tmk, overrides: { application_ref: ref } });
    await buildOrder(t.ctx, { merchantTmk: b.merchant.tmk, overrides: { application_ref: `${ref}-x` } });
    const two = await buildOrder(t.ctx, { merchantTmk: b.merchant.tmk, overrides: { application_ref: ref } });
    await until(() => receiver.received.length >= 2);
    await worker.drain();
    const orders = receiver.received.map((r) => verified(secret, r).data.order);
    expect(orders.map((o) => o.id).sort()).toEqual([one, two].sort());
    expect(orders.every((o) => o.customer.email.includes('@'))).toBe(true);
    const list = (
      await t.app.inject({ method: 'GET', url: '/m/v2/marketplace/webhooks', headers: MARKETPLACE })
    ).json();
    expect(list.items.map((e: { id: string }) => e.id)).toContain(endpointId);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/m/v2/marketplace/webhooks/${endpointId}`,
      headers: MARKETPLACE,
    });
    expect(gone.statusCode).toBe(200);
  });

  it('refuses private destinations when they are not allowed, when saved and when sent', async () => {
    const s = await storeWithEndpoint(['order.created']);
    const production = { ...t.ctx.config, webhookAllowPrivate: false };
    for (const url of [
      'http://127.0.0.1/x',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://10.1.2.3/',
    ])
      await expect(resolveDestination(new URL(url), false)).rejects.toThrow(/private/);
    expect(isPrivateAddress('::ffff:192.168.1.1')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    const original = t.ctx.config;
    Object.assign(t.ctx, { config: production });
    try {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/m/v2/merchant/${s.merchant.tmk}/webhooks`,
        headers: s.headers,
        payload: { url: receiver.url, events: ['order.created'] },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].path).toBe('url');
      // An endpoint saved while allowed is refused at delivery time: nothing reaches it.
      await buildOrder(t.ctx, { merchantTmk: s.merchant.tmk });
      await until(async () => {
        const log = (
          await t.app.inject({ method: 'GET', url: `${s.base}/deliveries`, headers: s.headers })
        ).json();
        return log.items.length >= 1;
      });
      expect(receiver.received).toHaveLength(0);
    } finally {
      Object.assign(t.ctx, { config: original });
    }
  });
});

/** With the worker stopped: an order in the store, fanned out to its endpoints, then `then`; the worker restarts. */
async function fannedOutWithoutWorker(tmk: string, then: () => Promise<void>) {
  await worker.stop();
  try {
    await buildOrder(t.ctx, { merchantTmk: tmk });
    await fanOut(t.ctx);
    await then();
  } finally {
    worker = startWebhookWorker(t.ctx, { retryDelaysS: RETRIES, tickMs: 100 });
  }
}

describe('durability', () => {
  it('sends again a message whose worker died holding it, once its lease ran out', async () => {
    const s = await storeWithEndpoint(['order.created']);
    await fannedOutWithoutWorker(s.merchant.tmk, async () => {
      // As a worker leaves it when killed mid-send: fanned out, claimed, never settled.
      await t.ctx.database.query(
        `UPDATE webhook_messages SET locked_until = now() - interval '1 second' WHERE endpoint_id = $1`,
        [s.endpoint.id],
      );
    });
    await until(() => receiver.received.length === 1);
    expect(verified(s.endpoint.secret, receiver.received[0]!).type).toBe('order.created');
  });

  it('prunes events past their retention, with their pending messages', async () => {
    const s = await storeWithEndpoint(['order.created']);
    await fannedOutWithoutWorker(s.merchant.tmk, async () => {
      await t.ctx.database.query(
        `UPDATE events SET created_at = now() - interval '31 days' WHERE merchant_id = $1`,
        [s.merchant.id],
      );
      expect(await pruneEvents(t.ctx, 30)).toBeGreaterThanOrEqual(1);
      const left = await t.ctx.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_messages WHERE endpoint_id = $1',
        [s.endpoint.id],
      );
      expect(left[0]?.n).toBe(0);
    });
  });
});
