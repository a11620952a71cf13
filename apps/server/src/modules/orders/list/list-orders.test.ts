import type { OrderFilters, OrderListItem, OrdersListResponse, PlaceOrderBody } from '@mc/api';
import { computeOnTrackStatus, ORDER_TABS, type OrderStatus, TAB_STATUSES } from '@mc/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantHours } from '../../../db/schema.ts';
import { buildMerchantWithOwner, buildOrder, useTestApp } from '../../../test/harness.ts';

type Owner = Awaited<ReturnType<typeof buildMerchantWithOwner>>;

const t = useTestApp();
let a: Owner;
let b: Owner;
const ids: Record<string, string[]> = {};
const T0 = Date.UTC(2025, 0, 6, 15, 0, 0);

const statuses: OrderStatus[] = [
  'SUBMITTED',
  'PAYMENT_APPROVED',
  'MERCHANT_ACCEPTED',
  'MERCHANT_SHIPPED',
  'REJECTED_PARTIAL',
  'CANCELLED',
  'MERCHANT_REJECTED',
  'CLOSED',
];

async function place(
  owner: Owner,
  i: number,
  status: OrderStatus,
  overrides: Partial<PlaceOrderBody> = {},
  at?: Date,
) {
  const id = await buildOrder(t.ctx, {
    merchantTmk: owner.merchant.tmk,
    status,
    seed: i,
    // Pairs of orders share a timestamp: the id breaks the tie in the order and the cursor.
    submittedAt: at ?? new Date(T0 + Math.floor(i / 2) * 60_000),
    overrides,
  });
  ids[owner.merchant.tmk] = [...(ids[owner.merchant.tmk] ?? []), id];
  return id;
}

async function get(owner: Owner, url: string) {
  return t.app.inject({ method: 'GET', url, headers: owner.headers });
}
async function list(owner: Owner, qs = '', path = 'optimized'): Promise<OrdersListResponse> {
  const res = await get(owner, `/m/v2/merchant/${owner.merchant.tmk}/orders/${path}${qs ? `?${qs}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const idsOf = (r: OrdersListResponse) => r.items.map((i) => i.id);

beforeAll(async () => {
  a = await buildMerchantWithOwner(t);
  b = await buildMerchantWithOwner(t);
  // Merchant A: 64 orders across statuses, two brands, several methods.
  for (let i = 0; i < 64; i++) {
    await place(a, i, statuses[i % statuses.length]!, {
      application_ref: i % 3 === 0 ? 'brand-x' : 'brand-y',
      application_name: i % 3 === 0 ? 'Brand X' : 'Brand Y',
      delivery: { method: i % 4 === 0 ? 'shipping' : 'on_demand' },
      recipient: {
        ...recipient,
        first_name: i === 5 ? 'Zelda' : 'Ann',
        last_name: i === 5 ? "O'Hara_%" : `Lee${i}`,
      },
      customer: {
        first_name: 'C',
        last_name: `Cust${i}`,
        email: i === 7 ? 'special.buyer@example.com' : `buyer${i}@example.com`,
        phone_number: '',
      },
      gift_message: i === 0 ? 'Happy birthday' : undefined,
      promo_code: i === 0 ? 'SAVE10' : undefined,
    });
  }
  // Merchant B: same brands and names, so a leak would show.
  for (let i = 0; i < 12; i++) {
    await place(b, 100 + i, statuses[i % statuses.length]!, {
      application_ref: 'brand-x',
      application_name: 'Brand X',
      delivery: { method: 'shipping' },
      recipient: { ...recipient, first_name: 'Zelda', last_name: "O'Hara_%" },
      customer: { first_name: 'C', last_name: 'B', email: 'special.buyer@example.com', phone_number: '' },
    });
  }
  // A brand only merchant B sells.
  await place(b, 200, 'SUBMITTED', { application_ref: 'brand-z', application_name: 'Brand Z' });
  await place(b, 201, 'SUBMITTED', { delivery: { method: 'preorder' } });
  await place(b, 202, 'MERCHANT_ACCEPTED', { delivery: { method: 'deposit' } });
}, 120_000);

const recipient = {
  first_name: 'Ann',
  last_name: 'Lee',
  street_1: '1 Main St',
  street_2: '',
  street_3: '',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  country: 'US',
  phone_number: '',
  delivery_instructions: '',
};

describe('GET /m/v2/merchant/{tmk}/orders/optimized', () => {
  it('needs a token, and another merchant key is 404', async () => {
    const url = `/m/v2/merchant/${a.merchant.tmk}/orders/optimized`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await get(b, url)).statusCode).toBe(404);
    expect((await get(b, `/m/v2/merchant/${a.merchant.tmk}/orders/count`)).statusCode).toBe(404);
    expect(
      (await get(b, `/m/v2/merchant/${a.merchant.tmk}/orders/optimize?filter[search]=A`)).statusCode,
    ).toBe(404);
  });

  it('answers the first 30, newest first, with the list fields', async () => {
    const r = await list(a);
    expect(r.items).toHaveLength(30);
    expect(r.total_rows).toBe(64);
    expect(r.timezone).toBe('America/New_York');
    expect(r.current_sort).toEqual([{ name: 'date', value: 'desc' }]);
    expect(r.current_filter).toEqual([]);
    expect(r.prev_url).toBeNull();
    expect(r.next_url).toMatch(/\/orders\/optimized\?limit=30&offset=30&cursor=/);
    const dates = r.items.map((i) => [i.date_submitted, i.id] as const);
    const sorted = [...dates].sort((x, y) =>
      x[0] === y[0] ? y[1].localeCompare(x[1]) : y[0].localeCompare(x[0]),
    );
    expect(dates).toEqual(sorted);
    const gift = (await list(a, `filter[order_key]=${ids[a.merchant.tmk]![0]}`)).items[0]!;
    expect(gift.gift_message).toEqual({ message: 'Happy birthday' });
    expect(gift.promo_code).toBe('SAVE10');
    expect(gift.item_quantity).toBe(3);
    expect(gift.transaction.total).toBeGreaterThan(0);
    expect(gift.recipient).toEqual({ first_name: 'Ann', last_name: 'Lee0' });
    expect(gift.application_ref).toBe('brand-x');
    expect(gift.application_name).toBe('Brand X');
    expect(gift.delivery.method).toBe('shipping');
  });

  it('filters each tab to its statuses, totals equal the counts', async () => {
    const counts = (await get(a, `/m/v2/merchant/${a.merchant.tmk}/orders/count`)).json();
    let sum = 0;
    for (const tab of ORDER_TABS) {
      const r = await list(a, `filter[tab]=${tab}&limit=100`);
      expect(r.items.length).toBe(counts[tab]);
      expect(r.total_rows).toBe(counts[tab]);
      for (const item of r.items) expect(TAB_STATUSES[tab]).toContain(item.status);
      expect(r.current_filter).toEqual([{ name: 'tab', value: tab }]);
      sum += counts[tab];
    }
    expect(sum).toBe(64);
    expect(counts).toEqual({ active: 32, on_hold: 8, cancelled: 16, completed: 8 });
    // The spec's other spellings of a tab.
    expect((await list(a, 'filter[tab]=onHold')).total_rows).toBe(8);
    expect((await list(a, 'filter[tab]=on-hold')).total_rows).toBe(8);
  });

  it('filters by brands (comma list), method and order key', async () => {
    const x = await list(a, 'filter[application_ref]=brand-x&limit=100');
    expect(x.items.every((i) => i.application_ref === 'brand-x')).toBe(true);
    expect(x.total_rows).toBe(22);
    const both = await list(a, 'filter[application_ref]=brand-x,brand-y&limit=100');
    expect(both.total_rows).toBe(64);
    // A brand that exists but has none of this merchant's orders: an empty list.
    const none = await list(a, 'filter[application_ref]=brand-z');
    expect(none.items).toEqual([]);
    expect(none.total_rows).toBe(0);
    // The filters response offers {name, uuid, ref}: the uuid selects the same orders as the ref.
    const filters = (await get(a, `/m/v2/merchant/${a.merchant.tmk}/orders/filters`)).json() as OrderFilters;
    const brands = filters.items.find((f) => f.name === 'application');
    const brandX =
      brands?.name === 'application' ? brands.options.find((o) => o.ref === 'brand-x') : undefined;
    if (!brandX) throw new Error('brand-x is not offered');
    const byUuid = await list(a, `filter[application_ref]=${brandX.uuid}&limit=100`);
    expect(idsOf(byUuid)).toEqual(idsOf(x));
    expect(byUuid.current_filter).toEqual([{ name: 'application_ref', value: 'brand-x' }]);
    expect(
      (await list(a, `filter[application_ref]=${brandX.uuid.toUpperCase()},brand-y&limit=100`)).total_rows,
    ).toBe(64);
    // Anything that names no brand is a 400 naming the field, not an empty list.
    for (const bad of ['brand-nope', '00000000-0000-4000-8000-000000000000', `brand-x,brand-nope`]) {
      const res = await get(
        a,
        `/m/v2/merchant/${a.merchant.tmk}/orders/optimized?filter[application_ref]=${bad}`,
      );
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0].path).toBe('filter[application_ref]');
      expect(res.json().message).toContain('names no brand');
    }
    const ship = await list(a, 'filter[delivery_method]=shipping&filter[tab]=active&limit=100');
    expect(ship.items.every((i) => i.delivery.method === 'shipping' && i.status !== 'CLOSED')).toBe(true);
    expect(ship.total_rows).toBe(ship.items.length);
    expect(ship.current_filter).toEqual([
      { name: 'tab', value: 'active' },
      { name: 'delivery_method', value: 'shipping' },
    ]);
    // 'Pre-sale' covers two methods: one filter value, a comma list.
    const presale = await list(b, 'filter[delivery_method]=preorder,deposit&limit=100');
    expect(presale.items.map((i) => i.delivery.method).sort()).toEqual(['deposit', 'preorder']);
    expect(presale.total_rows).toBe(2);
    expect(presale.items.every((i) => ['preorder', 'deposit'].includes(i.delivery.method))).toBe(true);
    expect(presale.current_filter).toEqual([{ name: 'delivery_method', value: 'preorder,deposit' }]);
    const key = ids[a.merchant.tmk]![10]!;
    expect(idsOf(await list(a, `filter[order_key]=${key}`))).toEqual([key]);
  });

  it('filters by status within a tab: one status, a comma list in any case, and a 400 for an unknown one', async () => {
    const count = (s: OrderStatus) =>
      Array.from({ length: 64 }, (_, i) => statuses[i % 8]).filter((x) => x === s).length;
    const accepted = await list(a, 'filter[tab]=active&filter[status]=MERCHANT_ACCEPTED&limit=100');
    expect(accepted.items.map((i) => i.status)).toEqual(
      Array(count('MERCHANT_ACCEPTED')).fill('MERCHANT_ACCEPTED'),
    );
    expect(accepted.total_rows).toBe(count('MERCHANT_ACCEPTED'));
    expect(accepted.current_filter).toEqual([
      { name: 'tab', value: 'active' },
      { name: 'status', value: 'MERCHANT_ACCEPTED' },
    ]);
    const fresh = await list(a, 'filter[status]=submitted, payment_approved,SUBMITTED&limit=100');
    expect(new Set(fresh.items.map((i) => i.status))).toEqual(new Set(['SUBMITTED', 'PAYMENT_APPROVED']));
    expect(fresh.total_rows).toBe(count('SUBMITTED') + count('PAYMENT_APPROVED'));
    expect(fresh.current_filter).toEqual([{ name: 'status', value: 'SUBMITTED,PAYMENT_APPROVED' }]);
    // a status outside the tab: nothing, not an error
    expect((await list(a, 'filter[tab]=completed&filter[status]=SUBMITTED')).total_rows).toBe(0);
    expect((await list(a, 'limit=1')).available_filters).toContain('status');
    for (const bad of ['NEWISH', 'SUBMITTED,NOPE', ',']) {
      const res = await get(a, `/m/v2/merchant/${a.merchant.tmk}/orders/optimized?filter[status]=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0].path).toBe('filter[status]');
    }
  });

  it("never returns another merchant's order", async () => {
    const mine = new Set(ids[a.merchant.tmk]);
    const theirs = ids[b.merchant.tmk]!;
    expect((await list(a, `filter[order_key]=${theirs[0]}`)).items).toEqual([]);
    expect((await list(a, `filter[search]=${theirs[0]}`, 'optimize')).items).toEqual([]);
    const queries = [
      'limit=100',
      'filter[application_ref]=brand-x&limit=100',
      'filter[recipient_name]=zelda&limit=100',
      'filter[customer_email]=special&limit=100',
      'filter[delivery_method]=shipping&limit=100',
      `filter[search]=${theirs[0]!.slice(0, 3)}&limit=100`,
    ];
    for (const q of queries) {
      for (const item of (await list(a, q)).items) expect(mine.has(item.id)).toBe(true);
      for (const item of (await list(b, q)).items) expect(mine.has(item.id)).toBe(false);
    }
  });

  it('sorts by date descending, ascending, and none (the default order)', async () => {
    const desc = idsOf(await list(a, 'limit=100&sort[date]=desc'));
    const asc = idsOf(await list(a, 'limit=100&sort[date]=asc'));
    const none = await list(a, 'limit=100&sort[date]=none');
    expect(asc).toEqual([...desc].reverse());
    expect(idsOf(none)).toEqual(desc);
    expect(none.current_sort).toEqual([{ name: 'date', value: 'none' }]);
  });

  it('pages through next_url (keyset) to the end, the same rows as offsets, and back with prev_url', async () => {
    for (const sort of ['desc', 'asc'] as const) {
      const all = idsOf(await list(a, `limit=100&sort[date]=${sort}`));
      const seen: string[] = [];
      const pages: OrdersListResponse[] = [];
      let r = await list(a, `limit=7&sort[date]=${sort}`);
      for (;;) {
        pages.push(r);
        seen.push(...idsOf(r));
        if (!r.next_url) break;
        expect(r.next_url).toContain(`sort%5Bdate%5D=${sort}`);
        const res = await get(a, r.next_url);
        r = res.json();
      }
      expect(seen).toEqual(all);
      expect(pages).toHaveLength(Math.ceil(64 / 7));
      // offset paging gives the same pages
      expect(idsOf(await list(a, `limit=7&offset=14&sort[date]=${sort}`))).toEqual(all.slice(14, 21));
      // and prev_url walks back
      const lastPage = pages.at(-1)!;
      const back = (await get(a, lastPage.prev_url!)).json() as OrdersListResponse;
      expect(idsOf(back)).toEqual(idsOf(pages.at(-2)!));
      expect(back.next_url).not.toBeNull();
      const back2 = (await get(a, back.prev_url!)).json() as OrdersListResponse;
      expect(idsOf(back2)).toEqual(idsOf(pages.at(-3)!));
    }
    // the cursor keeps the filters
    const first = await list(a, 'limit=5&filter[tab]=active&filter[application_ref]=brand-y');
    const second = (await get(a, first.next_url!)).json() as OrdersListResponse;
    expect(second.items.every((i) => i.application_ref === 'brand-y')).toBe(true);
    expect(second.current_filter).toEqual(first.current_filter);
  });

  it('answers an empty page past the end', async () => {
    const r = await list(a, 'offset=500');
    expect(r.items).toEqual([]);
    expect(r.next_url).toBeNull();
    expect(r.prev_url).toContain('offset=470');
  });

  it.each([
    ['filter[tab]=archived', 'filter[tab]'],
    ['filter[delivery_method]=drone', 'filter[delivery_method]'],
    ['filter[delivery_method]=preorder,drone', 'filter[delivery_method]'],
    ['filter[delivery_method]=,', 'filter[delivery_method]'],
    ['offset=abc', 'offset'],
    ['offset=-1', 'offset'],
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['limit=2.5', 'limit'],
    ['limit=', 'limit'],
    ['limit=1e2', 'limit'],
    ['sort[date]=up', 'sort[date]'],
    ['filter[colour]=red', 'filter[colour]'],
    ['filter[application_ref]=bad%20ref', 'filter[application_ref]'],
    ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ['cursor=a%20b', 'cursor'],
  ])('400 for %s, naming the field', async (qs, field) => {
    const res = await get(a, `/m/v2/merchant/${a.merchant.tmk}/orders/optimized?${qs}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });
});

describe('order search (the /optimize alias)', () => {
  it('finds an order by its whole id (any case) and by a prefix, 10 at most', async () => {
    const id = ids[a.merchant.tmk]![20]!;
    const exact = await list(a, `offset=0&filter[search]=${id.toLowerCase()}`, 'optimize');
    expect(idsOf(exact)).toEqual([id]);
    const prefix = await list(a, `filter[search]=${id.slice(0, 4)}`, 'optimize');
    expect(idsOf(prefix)).toContain(id);
    expect(prefix.items.every((i) => i.id.startsWith(id.slice(0, 4)))).toBe(true);
    const many = await list(a, 'filter[recipient_name]=ann', 'optimize');
    expect(many.items).toHaveLength(10);
    expect(many.total_rows).toBe(63);
    expect(many.next_url).toMatch(/\/orders\/optimize\?limit=10&offset=10/);
  });

  it('matches recipient names and customer emails in part, case-insensitively', async () => {
    const zelda = ids[a.merchant.tmk]![5]!;
    expect(idsOf(await list(a, 'filter[recipient_name]=ZELDA', 'optimize'))).toEqual([zelda]);
    expect(idsOf(await list(a, 'filter[recipient_name]=zelda o', 'optimize'))).toEqual([zelda]);
    // shorter than a trigram: the one- and two-character pieces (mc_short_grams), same answer as ILIKE
    expect(idsOf(await list(a, 'filter[recipient_name]=LD', 'optimize'))).toEqual([zelda]);
    expect(idsOf(await list(a, 'filter[recipient_name]=z', 'optimize'))).toEqual([zelda]);
    expect(idsOf(await list(a, `filter[recipient_name]=${encodeURIComponent("'h")}`, 'optimize'))).toEqual([
      zelda,
    ]);
    const ann = await list(a, 'filter[recipient_name]=nN', 'optimize');
    expect(ann.total_rows).toBe(63);
    expect(ann.items).toHaveLength(10);
    // a piece no name of this store holds: nothing, and no merchant B rows leak in
    expect((await list(a, 'filter[recipient_name]=ao', 'optimize')).total_rows).toBe(0);
    expect((await list(a, 'filter[recipient_name]=qx', 'optimize')).items).toEqual([]);
    expect(idsOf(await list(a, 'filter[customer_email]=L.', 'optimize'))).toEqual([ids[a.merchant.tmk]![7]]);
    expect(idsOf(await list(a, 'filter[customer_email]=SPECIAL.BUYER@', 'optimize'))).toEqual([
      ids[a.merchant.tmk]![7],
    ]);
    expect((await list(a, 'filter[customer_email]=nobody@', 'optimize')).items).toEqual([]);
  });

  it("filter[name] matches the buyer's name or the recipient's; filter[recipient_name] only the recipient's", async () => {
    const mine = ids[a.merchant.tmk]!;
    // Every buyer of merchant A is 'C Cust<i>'; no recipient is.
    expect(idsOf(await list(a, 'filter[name]=cust12', 'optimize'))).toEqual([mine[12]]);
    expect(idsOf(await list(a, 'filter[recipient_name]=cust12', 'optimize'))).toEqual([]);
    expect((await list(a, 'filter[name]=CUST', 'optimize')).total_rows).toBe(64);
    // the recipient side, and a one-character term through the short pieces on both columns
    expect(idsOf(await list(a, 'filter[name]=zelda', 'optimize'))).toEqual([mine[5]]);
    expect(idsOf(await list(a, 'filter[name]=z', 'optimize'))).toEqual([mine[5]]);
    expect((await list(a, 'filter[name]=t4', 'optimize')).total_rows).toBe(11); // Cust4, Cust40…Cust49
    // merchant B's buyers are 'C B': not found from A
    expect((await list(a, 'filter[name]=c b', 'optimize')).items).toEqual([]);
    const echoed = await list(a, 'filter[tab]=active&filter[name]=cust12');
    expect(echoed.current_filter).toEqual([
      { name: 'tab', value: 'active' },
      { name: 'name', value: 'cust12' },
    ]);
  });

  it('treats search text as data: wildcards are literal, SQL is text', async () => {
    const zelda = ids[a.merchant.tmk]![5]!;
    expect(idsOf(await list(a, `filter[recipient_name]=${encodeURIComponent('_%')}`, 'optimize'))).toEqual([
      zelda,
    ]);
    expect(
      (await list(a, `filter[recipient_name]=${encodeURIComponent('%')}`, 'optimize')).items.map((i) => i.id),
    ).toEqual([zelda]);
    const evil = encodeURIComponent("x' OR 1=1; DROP TABLE orders; --");
    expect((await list(a, `filter[recipient_name]=${evil}`, 'optimize')).items).toEqual([]);
    expect((await list(a, `filter[search]=${evil}`, 'optimize')).items).toEqual([]);
    expect((await list(a, `filter[customer_email]=${evil}`, 'optimize')).items).toEqual([]);
    expect((await list(a, 'limit=1')).total_rows).toBe(64);
  });
});

describe('on_track_status (SLA)', () => {
  it('is SLA0, SLA1, SLA2 by the time left, and null once shipped', async () => {
    const s = await buildMerchantWithOwner(t);
    const now = Date.now();
    const at = (minAgo: number) => new Date(now - minAgo * 60_000);
    const o = { delivery: { method: 'on_demand' as const } };
    const fresh = await place(s, 1, 'SUBMITTED', o, at(10));
    const late = await place(s, 2, 'SUBMITTED', o, at(100));
    const over = await place(s, 3, 'MERCHANT_ACCEPTED', o, at(180));
    const shipped = await place(s, 4, 'MERCHANT_SHIPPED', o, at(180));
    const r = await list(s, 'filter[tab]=active');
    const by = (id: string) => r.items.find((i) => i.id === id)!.on_track_status;
    expect(by(fresh)).toEqual({ type: 'SLA0', message: 'Due in 1h 50m' });
    expect(by(late)?.type).toBe('SLA1');
    expect(by(over)).toEqual({ type: 'SLA2', message: 'Overdue by 1h' });
    expect(by(shipped)).toBeNull();
  });

  it("counts shipping orders to the end of the merchant's next business day", async () => {
    const s = await buildMerchantWithOwner(t);
    // Open on one weekday only: three days after tomorrow (in the store's timezone). The default week
    // (Monday to Friday) would make the order due within two days of tomorrow, so the two answers differ.
    const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
    const tz = s.merchant.timezone;
    const localDay = new Date(new Date().toLocaleString('en-US', { timeZone: tz })).getDay();
    const openDay = weekdays[(localDay + 4) % 7]!;
    const hours = [{ weekday: openDay, time_open: '09:00', time_close: '17:00' }];
    await t.ctx.database.db.insert(merchantHours).values({ merchant_id: s.merchant.id, ...hours[0]! });
    const before = new Date();
    const id = await place(s, 9, 'SUBMITTED', { delivery: { method: 'shipping' } }, before);
    const item: OrderListItem = (await list(s)).items.find((i) => i.id === id)!;
    const after = new Date();
    const expected = (now: Date, h?: typeof hours) =>
      computeOnTrackStatus({
        status: 'SUBMITTED',
        deliveryMethod: 'shipping',
        submittedAt: new Date(item.date_submitted),
        timezone: tz,
        hours: h,
        now,
      });
    expect([expected(before, hours), expected(after, hours)]).toContainEqual(item.on_track_status);
    expect(item.on_track_status).not.toEqual(expected(after));
    expect(item.on_track_status?.type).toBe('SLA0');
  });
});

describe('counts and filters', () => {
  it('counts follow a status change', async () => {
    const s = await buildMerchantWithOwner(t);
    const url = `/m/v2/merchant/${s.merchant.tmk}/orders/count`;
    expect((await get(s, url)).json()).toEqual({ active: 0, on_hold: 0, cancelled: 0, completed: 0 });
    await place(s, 1, 'SUBMITTED');
    await place(s, 2, 'CLOSED');
    expect((await get(s, url)).json()).toEqual({ active: 1, on_hold: 0, cancelled: 0, completed: 1 });
  });

  it('lists the brands and the delivery methods', async () => {
    const res = await get(a, `/m/v2/merchant/${a.merchant.tmk}/orders/filters`);
    expect(res.statusCode).toBe(200);
    const [apps, methods] = res.json().items;
    expect(apps.name).toBe('application');
    expect(apps.options).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Brand X', ref: 'brand-x', uuid: expect.any(String) }),
      ]),
    );
    expect(methods).toEqual({
      name: 'delivery_methods',
      options: ['on_demand', 'scheduled', 'shipping', 'preorder', 'deposit', 'courier'].map((name) => ({
        name,
      })),
    });
  });
});
