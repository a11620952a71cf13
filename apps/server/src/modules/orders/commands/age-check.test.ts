/**
 * The age check at the door (decision 0101), through the API on PGlite and PostgreSQL:
 * closing an own-driver order is refused without a check, with an invalid birth date, or when the
 * person is under 21 on the delivery date in the store's zone (birthday boundary included); the accepted
 * check is recorded as an outcome on the order, its history and the receipt; courier and shipping closes
 * need none. No birth date is stored anywhere: every table of the database and the whole request log
 * (LOG_LEVEL=trace) are searched for each birth date sent.
 */
import type { OrderDetail } from '@mc/api';
import {
  AGE_CHECK_MISSING_MESSAGE,
  AGE_UNDER_21_MESSAGE,
  BIRTH_DATE_MESSAGE,
  type DeliveryMethod,
} from '@mc/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/client.ts';
import { orders } from '../../../db/schema.ts';
import { readPdf } from '../../../pdf/test-fixtures.ts';
import {
  buildMerchantWithOwner,
  buildOrder,
  createTestDatabase,
  TEST_DB,
  testConfig,
} from '../../../test/harness.ts';
import { captureLog } from '../../../test/log-lines.ts';
import { checkResponsesAgainstContract } from '../../../test/response-contract.ts';

let app: FastifyInstance;
let ctx: AppContext;
let database: Database;
let owner: Awaited<ReturnType<typeof buildMerchantWithOwner>>;
const capturedLog = captureLog();
/** Every birth date this file sends, accepted or refused: none may be stored or logged. */
const sentBirthDates = new Set<string>();

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, ctx } = await buildApp({
    config: testConfig({ logLevel: 'trace' }),
    database,
    logStream: capturedLog.stream,
  }));
  checkResponsesAgainstContract(app);
  await app.ready();
  owner = await buildMerchantWithOwner({ app, ctx, database, close: async () => {} });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** A shipped order of `method`; no courier estimate unless given (the factory adds one at random). */
const shippedOrder = (method: DeliveryMethod, courierEstimateId?: string) =>
  buildOrder(ctx, {
    merchantTmk: owner.merchant.tmk,
    status: 'MERCHANT_SHIPPED',
    overrides: { delivery: { method }, courier_estimate_id: courierEstimateId },
  });

// 11:30 PM on 12 June 2026 in New York (the test store's zone) is already 13 June in UTC.
const LATE_EVENING = '2026-06-13T03:30:00.000Z';

function close(id: string, ageVerification?: Record<string, unknown>, deliveredOn = LATE_EVENING) {
  if (typeof ageVerification?.birth_date === 'string') sentBirthDates.add(ageVerification.birth_date);
  return app.inject({
    method: 'PUT',
    url: `/m/v2/orders/${id}`,
    headers: owner.headers,
    payload: {
      status: 'CLOSED',
      delivery_info: {
        signed_by: 'Erin Tester',
        delivered_by: 'Sam Driver',
        delivered_on: deliveredOn,
        ...(ageVerification ? { age_verification: ageVerification } : {}),
      },
    },
  });
}

const detail = async (id: string) =>
  (
    await app.inject({ method: 'GET', url: `/m/v2/orders/${id}`, headers: owner.headers })
  ).json() as OrderDetail;
const statusOf = async (id: string) =>
  (await database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
const check = (birth_date: string, id_type = 'drivers_license') => ({
  birth_date,
  id_type,
  checked_by: 'Sam Driver',
});

describe(`closing an own-driver order needs the age check (${TEST_DB})`, () => {
  it('is refused with 400 when the check is missing (on-demand and scheduled), and nothing changes', async () => {
    for (const method of ['on_demand', 'scheduled'] as const) {
      const id = await shippedOrder(method);
      const res = await close(id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: AGE_CHECK_MISSING_MESSAGE,
        errors: [{ path: 'delivery_info.age_verification', message: AGE_CHECK_MISSING_MESSAGE }],
      });
      expect(await statusOf(id)).toBe('MERCHANT_SHIPPED');
    }
    // No delivery_info at all is the same refusal.
    const id = await shippedOrder('on_demand');
    const res = await app.inject({
      method: 'PUT',
      url: `/m/v2/orders/${id}`,
      headers: owner.headers,
      payload: { status: 'CLOSED' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AGE_CHECK_MISSING_MESSAGE);
  });

  it.each([
    ['2001-02-30', 'delivery_info.age_verification.birth_date'],
    ['1990-13-01', 'delivery_info.age_verification.birth_date'],
    ['06/12/1990', 'delivery_info.age_verification.birth_date'],
    ['2027-01-01', 'delivery_info.age_verification.birth_date'],
  ])('is refused with 400 for the invalid birth date %s', async (birth, path) => {
    const id = await shippedOrder('on_demand');
    const res = await close(id, check(birth));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path, message: BIRTH_DATE_MESSAGE }]);
    expect(await statusOf(id)).toBe('MERCHANT_SHIPPED');
  });

  it('is refused with 400 for an unknown ID type or no checker', async () => {
    const id = await shippedOrder('on_demand');
    const noType = await close(id, check('1990-04-01', 'library_card'));
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors[0].path).toBe('delivery_info.age_verification.id_type');
    const noChecker = await close(id, { ...check('1990-04-01'), checked_by: ' ' });
    expect(noChecker.statusCode).toBe(400);
    expect(noChecker.json().errors[0].path).toBe('delivery_info.age_verification.checked_by');
    expect(await statusOf(id)).toBe('MERCHANT_SHIPPED');
  });

  it("is refused when the person is under 21 on the delivery date in the store's zone (birthday boundary)", async () => {
    // 21 on 13 June 2026: already 13 June in UTC at the handover, still 12 June in New York.
    const id = await shippedOrder('on_demand');
    const res = await close(id, check('2005-06-13'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: AGE_UNDER_21_MESSAGE,
      errors: [{ path: 'delivery_info.age_verification.birth_date', message: AGE_UNDER_21_MESSAGE }],
    });
    expect(await statusOf(id)).toBe('MERCHANT_SHIPPED');
    // The same person the next morning in New York is 21: accepted.
    const ok = await close(id, check('2005-06-13'), '2026-06-13T13:00:00.000Z');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('CLOSED');
  });

  it('accepts 21 on the delivery date itself and records the outcome on the order and its history', async () => {
    const id = await shippedOrder('on_demand');
    const res = await close(id, check('2005-06-12'));
    expect(res.statusCode).toBe(200);
    const outcome = {
      by: 'store',
      result: '21+',
      id_type: 'drivers_license',
      checked_by: 'Sam Driver',
      checked_at: LATE_EVENING,
    };
    expect(res.json().delivery_details).toEqual({
      signed_by: 'Erin Tester',
      delivered_by: 'Sam Driver',
      delivered_on: LATE_EVENING,
      age_check: outcome,
    });
    const order = await detail(id);
    const delivered = order.history.at(-1);
    expect(delivered).toMatchObject({ action: 'delivered', to_status: 'CLOSED', age_check: outcome });
    expect(order.history.filter((h) => h.age_check)).toHaveLength(1);
  });

  it('prints the check on the receipt', async () => {
    const id = await shippedOrder('scheduled');
    expect((await close(id, check('1987-03-14', 'passport'))).statusCode).toBe(200);
    const pdf = await app.inject({
      method: 'GET',
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${id}/reports/receipt`,
      headers: owner.headers,
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toContain('ID CHECKED AT DELIVERY'); // the note box title, in capitals
    expect(text).toContain('ID checked: 21+, passport, by Sam Driver at 11:30 PM');
    expect(text).not.toContain('21+ ID check required at delivery');
  });

  it('keeps the check when the delivery details are edited after the close', async () => {
    const id = await shippedOrder('on_demand');
    expect((await close(id, check('1979-11-02', 'state_id'))).statusCode).toBe(200);
    const saved = await app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${owner.merchant.tmk}/orders/${id}/data`,
      headers: owner.headers,
      payload: { signed_by: 'Erin T.', delivered_by: 'Sam Driver', delivered_on: LATE_EVENING },
    });
    expect(saved.statusCode).toBe(200);
    expect((await detail(id)).delivery_details).toMatchObject({
      signed_by: 'Erin T.',
      age_check: { by: 'store', id_type: 'state_id' },
    });
  });
});

describe(`exempt closes (${TEST_DB})`, () => {
  it('a shipping order closes without a check and records none', async () => {
    const id = await shippedOrder('shipping');
    const res = await close(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery_details).not.toHaveProperty('age_check');
    expect((await detail(id)).history.at(-1)).not.toHaveProperty('age_check');
  });

  it("a courier order closes without a check and records the courier's status", async () => {
    const id = await shippedOrder('courier');
    await database.db
      .update(orders)
      .set({ courier_info: { provider: 'DoorDash', delivery_id: 'dd-1', order_status: 'DELIVERED' } })
      .where(eq(orders.id, id));
    const res = await close(id);
    expect(res.statusCode).toBe(200);
    const courierCheck = { by: 'courier', provider: 'DoorDash', courier_status: 'DELIVERED' };
    expect(res.json().delivery_details.age_check).toEqual(courierCheck);
    expect((await detail(id)).history.at(-1)?.age_check).toEqual(courierCheck);
  });

  it('a scheduled order with a courier estimate is a courier order', async () => {
    const id = await shippedOrder('scheduled', 'est-42');
    expect((await close(id)).statusCode).toBe(200);
  });

  it('an illegal close is still 409, with or without a check', async () => {
    const id = await buildOrder(ctx, {
      merchantTmk: owner.merchant.tmk,
      status: 'MERCHANT_ACCEPTED',
      overrides: { delivery: { method: 'on_demand' }, courier_estimate_id: undefined },
    });
    expect((await close(id)).statusCode).toBe(409);
    expect((await close(id, check('1990-04-01'))).statusCode).toBe(409);
  });
});

describe(`no birth date is stored or logged (${TEST_DB})`, () => {
  it('appears in no row of any table and nowhere in the request log', async () => {
    expect(sentBirthDates.size).toBe(9);
    const tables = await database.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    // The tables the close writes are among those searched.
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['orders', 'order_history', 'order_event_outbox']),
    );
    const found: string[] = [];
    let rowsSearched = 0;
    for (const { name } of tables) {
      const rows = await database.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`);
      rowsSearched += rows.length;
      for (const { row } of rows)
        for (const birth of sentBirthDates) if (row.includes(birth)) found.push(`${name}: ${birth}`);
    }
    expect(found).toEqual([]);
    // The search can fail: the closed orders' rows are there, with their outcome.
    expect(rowsSearched).toBeGreaterThan(20);
    const closedRows = await database.query<{ row: string }>(
      `SELECT o::text AS row FROM orders o WHERE o.delivery_details ? 'age_check'`,
    );
    expect(closedRows.length).toBeGreaterThanOrEqual(4);
    expect(closedRows.some((r) => r.row.includes('21+') && r.row.includes('drivers_license'))).toBe(true);

    const log = capturedLog.chunks.join('');
    expect(log).toContain('/m/v2/orders/'); // the close requests were logged (trace level)
    for (const birth of sentBirthDates) expect(log).not.toContain(birth);
  });
});
