import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  buildMerchantWithOwner,
  buildOrder,
  buildTeammate,
  TEST_DB,
  useTestApp,
} from '../../test/harness.ts';
import { until } from './test-receiver.ts';

const t = useTestApp();
const MARKETPLACE = { authorization: 'Bearer demo-marketplace-key' };

async function feed(tmk: string, headers: Record<string, string>, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/m/v2/merchant/${tmk}/events${query}`, headers });
  return res;
}

/**
 * The feed once it holds `n` events: a transaction open anywhere on the PostgreSQL server (another test
 * file's) holds the feed back until it ends, by design (docs/decisions/0138).
 */
async function feedOf(tmk: string, headers: Record<string, string>, n: number, query = '', ms = 10_000) {
  await until(async () => (await feed(tmk, headers, query)).json().items.length >= n, ms);
  return feed(tmk, headers, query);
}

describe('the event feed', () => {
  it('lists the changes of an order in order, without the customer contact', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const id = await buildOrder(t.ctx, { merchantTmk: merchant.tmk, status: 'SUBMITTED' });
    const accepted = await t.app.inject({
      method: 'PUT',
      url: `/m/v2/orders/${id}`,
      headers,
      payload: { status: 'MERCHANT_ACCEPTED' },
    });
    expect(accepted.statusCode).toBe(200);
    const res = await feedOf(merchant.tmk, headers, 2);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.items.map((e: { type: string }) => e.type)).toEqual(['order.created', 'order.accepted']);
    const [created, acceptedEvent] = page.items;
    expect(created.id).toMatch(/^evt_[0-9A-Z]{26}$/);
    expect(acceptedEvent.merchant).toBe(merchant.tmk);
    expect(acceptedEvent.data.order.id).toBe(id);
    expect(acceptedEvent.data.order.status).toBe('MERCHANT_ACCEPTED');
    expect(acceptedEvent.data.order.customer.email).toBe('');
    expect(page.next_after).toBe(acceptedEvent.id);

    // Reading on from the last id: nothing new, and the same cursor back.
    const next = (await feed(merchant.tmk, headers, `?after=${acceptedEvent.id}`)).json();
    expect(next).toEqual({ items: [], next_after: acceptedEvent.id });
    // One at a time, and by type.
    const first = (await feed(merchant.tmk, headers, '?limit=1')).json();
    expect(first.items.map((e: { id: string }) => e.id)).toEqual([created.id]);
    const second = (await feed(merchant.tmk, headers, `?limit=1&after=${first.next_after}`)).json();
    expect(second.items.map((e: { id: string }) => e.id)).toEqual([acceptedEvent.id]);
    const onlyAccepted = (await feed(merchant.tmk, headers, '?types=order.accepted,order.shipped')).json();
    expect(onlyAccepted.items.map((e: { id: string }) => e.id)).toEqual([acceptedEvent.id]);
  });

  it('names the field of a wrong query, and keeps each store to its own events', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const other = await buildMerchantWithOwner(t);
    await buildOrder(t.ctx, { merchantTmk: other.merchant.tmk, status: 'SUBMITTED' });
    const theirs = (await feedOf(other.merchant.tmk, other.headers, 1)).json();
    expect(theirs.items).toHaveLength(1);
    const mine = await feed(merchant.tmk, headers, `?after=${theirs.items[0].id}`);
    expect(mine.statusCode).toBe(400);
    expect(mine.json().errors[0].path).toBe('after');
    expect((await feed(merchant.tmk, headers, '?limit=101')).statusCode).toBe(400);
    expect((await feed(merchant.tmk, headers, '?types=order.nope')).statusCode).toBe(400);
    expect((await feed(merchant.tmk, headers)).json().items).toEqual([]);
  });

  it('is read by managers, not by members', async () => {
    const { merchant } = await buildMerchantWithOwner(t);
    const manager = await buildTeammate(t, merchant, 'merch.manager');
    const member = await buildTeammate(t, merchant, 'merch.user');
    expect((await feed(merchant.tmk, manager.headers)).statusCode).toBe(200);
    expect((await feed(merchant.tmk, member.headers)).statusCode).toBe(403);
  });

  it('gives the marketplace its brands’ order events across stores, with the customer contact', async () => {
    const a = await buildMerchantWithOwner(t);
    const b = await buildMerchantWithOwner(t);
    const ref = `feed-${Date.now().toString(36)}`;
    const one = await buildOrder(t.ctx, { merchantTmk: a.merchant.tmk, overrides: { application_ref: ref } });
    const two = await buildOrder(t.ctx, { merchantTmk: b.merchant.tmk, overrides: { application_ref: ref } });
    await buildOrder(t.ctx, { merchantTmk: b.merchant.tmk, overrides: { application_ref: `${ref}-other` } });
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/m/v2/marketplace/events?application_ref=${ref}`,
        headers: MARKETPLACE,
      });
    await until(async () => (await read()).json().items.length >= 2, 10_000);
    const res = await read();
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { data: { order: { id: string; customer: { email: string } } } }[];
    expect(items.map((e) => e.data.order.id)).toEqual([one, two]);
    expect(items[0]?.data.order.customer.email).toContain('@');
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/m/v2/marketplace/events' });
    expect(unauthenticated.statusCode).toBe(401);
  });
});

describe.runIf(TEST_DB === 'pg')('the cursor across transactions that commit out of order', () => {
  it.each([
    ['the lower sequence commits last', false],
    ['the older transaction commits last', true],
  ])('%s: a reader that polls with next_after misses nothing', async (_name, olderFirst) => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    await buildOrder(t.ctx, { merchantTmk: merchant.tmk });
    const start = (await feedOf(merchant.tmk, headers, 1)).json();
    const [template] = (await t.database.query<{ payload: Record<string, unknown> }>(
      'SELECT payload FROM events WHERE id = $1',
      [start.items[0].id],
    )) as { payload: Record<string, unknown> }[];
    const seen: string[] = [];
    let cursor: string = start.next_after;
    const poll = async () => {
      const page = (await feed(merchant.tmk, headers, `?after=${cursor}`)).json();
      seen.push(...page.items.map((e: { id: string }) => e.id));
      cursor = page.next_after;
    };
    const c1 = new pg.Client({ connectionString: t.database.connectionString });
    const c2 = new pg.Client({ connectionString: t.database.connectionString });
    await Promise.all([c1.connect(), c2.connect()]);
    const insert = (c: pg.Client, id: string) =>
      c.query(
        `INSERT INTO events (id, type, merchant_id, order_id, payload) VALUES ($1, 'order.accepted', $2, NULL, $3)`,
        [id, merchant.id, { ...template?.payload, id }],
      );
    const low = `evt_${Date.now().toString().padStart(26, '0')}`;
    const high = `evt_${(Date.now() + 1).toString().padStart(26, '0')}`;
    try {
      await c1.query('BEGIN');
      await c2.query('BEGIN');
      // Which transaction gets its id first: with `olderFirst`, the one that takes the higher sequence.
      if (olderFirst) await c2.query('SELECT pg_current_xact_id()');
      await insert(c1, low); // the lower sequence
      await insert(c2, high); // the higher sequence
      await c2.query('COMMIT');
      await poll();
      await c1.query('COMMIT');
      // Polling on with next_after: both arrive (a skipped one never would).
      await until(async () => {
        await poll();
        return seen.length >= 2;
      }, 10_000);
    } finally {
      await Promise.all([c1.end(), c2.end()]);
    }
    expect(seen.sort()).toEqual([low, high].sort());
    expect(new Set(seen).size).toBe(2);
  });
});

describe('batch.completed', () => {
  it('is in the feed once a bulk batch finishes', async () => {
    const { merchant, headers } = await buildMerchantWithOwner(t);
    const order = await buildOrder(t.ctx, { merchantTmk: merchant.tmk, status: 'MERCHANT_ACCEPTED' });
    const started = await t.app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${merchant.tmk}/orders/batch/details`,
      headers,
      payload: { items: [order] },
    });
    expect(started.statusCode).toBeLessThan(300);
    const batchId = started.json().batch_id as string;
    const page = (await feedOf(merchant.tmk, headers, 1, '?types=batch.completed', 110_000)).json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      type: 'batch.completed',
      application_ref: null,
      data: { batch: { batch_id: batchId, state: 'done', total_count: 1 } },
    });
  }, 120_000);
});
