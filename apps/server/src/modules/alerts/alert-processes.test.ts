/**
 * Staff alerts across real processes (PostgreSQL suite; skipped on PGlite), texts through a stand-in of
 * Twilio's Messages API, emails in the sandbox outbox:
 * - two workers and one API process: an order's alert goes once;
 * - a worker killed (SIGKILL) after Twilio took the text and before it could record it: the other worker
 *   takes the alert over once its claim has run out, finds the text in Twilio's message list, and sends
 *   nothing twice (the email, not yet sent, goes once);
 * - an alert that falls due while the worker's PostgreSQL is unreachable for 20 s is sent after it, once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../db/client.ts';
import { outboxMessages, staffAlerts, userAlertSettings, users } from '../../db/schema.ts';
import { DEMO_TMK } from '../../seed/demo-constants.ts';
import { TEST_DB } from '../../test/harness.ts';
import { PgProxy } from '../../test/pg-proxy.ts';
import {
  call,
  createEmptyDatabase,
  freePort,
  intakeOrderBody,
  MARKETPLACE_AUTH,
  type ServerProcess,
  spawnServer,
  stopServer,
  waitUntilUp,
} from '../../test/spawn-server.ts';
import { type StandIn, startStandIn } from '../../test/stand-in.ts';
import { until } from '../webhooks/test-receiver.ts';
import { fakeTwilio } from './test-providers.ts';

const PORTS: [number, number] = [3630, 3649];
const suite = TEST_DB === 'pg' ? describe : describe.skip;
const SID = 'AC00000000000000000000000000000048';
const NUMBER = '+16465550148';
const OWNER = 'owner@demo.test';

let empty: { url: string; drop(): Promise<void> } | null = null;
let db: Database | null = null;
let twilio: ReturnType<typeof fakeTwilio>;
let api: StandIn | null = null;
const procs: ServerProcess[] = [];
let n = 0;

async function start(role: 'api' | 'worker', name: string, databaseUrl = empty!.url) {
  const p = spawnServer({
    name,
    role,
    port: await freePort(PORTS),
    databaseUrl,
    env: {
      SEED_DEMO: 'true',
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: 'twilio-token-48',
      TWILIO_FROM: '+15557122661',
      TWILIO_API_BASE: api!.url,
    },
  });
  procs.push(p);
  await waitUntilUp(p);
  return p;
}

const placeOrder = async (via: ServerProcess) => {
  const placed = await call(via, 'POST', '/m/v2/marketplace/orders', {
    headers: MARKETPLACE_AUTH,
    body: intakeOrderBody(DEMO_TMK, ++n),
  });
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  return placed.json.id as string;
};
const alertTexts = (orderId: string) =>
  twilio.messages.filter((m) => m.to === NUMBER && m.body.includes(`new order ${orderId} from`));
const alertPosts = (orderId: string) =>
  api!.requests.filter(
    (r) => r.method === 'POST' && (r.form().get('Body') ?? '').includes(`new order ${orderId} from`),
  );
const emailsAbout = async (orderId: string) =>
  (await db!.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'email'))).filter(
    (m) => m.to === OWNER && (m.subject ?? '').includes(`New order ${orderId}`),
  );

beforeAll(async () => {
  if (TEST_DB !== 'pg') return;
  twilio = fakeTwilio();
  api = await startStandIn(twilio.handler);
  empty = await createEmptyDatabase('mc_alerts');
  db = openPostgres(empty.url, 2);
}, 30_000);

afterAll(async () => {
  for (const p of procs) await stopServer(p, 'SIGKILL', 2_000);
  await db?.close();
  await api?.close();
  await empty?.drop();
}, 60_000);

suite('staff alerts across processes (pg)', () => {
  let apiProc: ServerProcess;

  it('two workers: the owner hears of a new order once', async () => {
    apiProc = await start('api', 'api');
    const a = await start('worker', 'worker-a');
    // The demo seed's own orders are read by the planner before anyone asks for alerts.
    await until(async () => {
      const [c] = await db!.query<{ behind: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM events e, alert_cursor c WHERE e.seq > c.seq) AS behind',
      );
      return c?.behind === false;
    }, 30_000);
    // The demo owner: a confirmed number, new orders by text and email, whatever the demo store's hours.
    const [owner] = await db!.db.select({ id: users.id }).from(users).where(eq(users.email, OWNER));
    await db!.db.insert(userAlertSettings).values({
      user_id: owner!.id,
      new_order: ['sms', 'email'],
      only_during_store_hours: false,
      phone_number: NUMBER,
      phone_confirmed_at: new Date(),
    });
    const b = await start('worker', 'worker-b');
    const id = await placeOrder(apiProc);
    await until(
      async () => alertTexts(id).length === 1 && (await emailsAbout(id)).length === 1,
      40_000,
    ).catch(async (e) => {
      console.log(await db!.db.select().from(staffAlerts), twilio.messages, a.output(), b.output());
      throw e;
    });
    await new Promise((r) => setTimeout(r, 3_000));
    expect(alertTexts(id)).toHaveLength(1);
    expect(await emailsAbout(id)).toHaveLength(1);
    await stopServer(a);
    await stopServer(b);
  }, 120_000);

  it('a worker killed after Twilio took the text: the other finishes the alert, nothing twice', async () => {
    // Twilio takes the first text of the next alert and never answers: its sender hangs mid-send.
    let hung = false;
    api!.answer((req) => {
      if (req.method === 'POST' && !hung && (req.form().get('Body') ?? '').includes('new order')) {
        hung = true;
        twilio.handler(req);
        return 'hang';
      }
      return twilio.handler(req);
    });
    const a = await start('worker', 'worker-doomed');
    const id = await placeOrder(apiProc);
    await until(() => alertPosts(id).length === 1, 40_000);
    await stopServer(a, 'SIGKILL', 1_000);
    const [row] = await db!.db.select().from(staffAlerts).where(eq(staffAlerts.subject_id, id));
    expect(row?.state).toBe('sending');
    expect(row?.sms_sent_at).toBeNull();

    const b = await start('worker', 'worker-heir');
    await until(async () => {
      const [r] = await db!.db.select().from(staffAlerts).where(eq(staffAlerts.subject_id, id));
      return r?.state === 'sent';
    }, 90_000);
    const [done] = await db!.db.select().from(staffAlerts).where(eq(staffAlerts.subject_id, id));
    expect(done?.attempts).toBe(2);
    expect(done?.sms_sent_at).not.toBeNull();
    // The text went to Twilio once (the killed worker's); the other worker found it there.
    expect(alertPosts(id)).toHaveLength(1);
    expect(api!.requests.some((r) => r.method === 'GET' && r.query.get('To') === NUMBER)).toBe(true);
    expect(await emailsAbout(id)).toHaveLength(1);
    await stopServer(b);
  }, 180_000);

  it('an alert due while the worker’s PostgreSQL is gone for 20 s is sent after it, once', async () => {
    api!.answer(twilio.handler);
    const target = new URL(empty!.url);
    const proxy = new PgProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.listen();
    try {
      const w = await start('worker', 'worker-proxied', proxy.url(empty!.url));
      const id = await placeOrder(apiProc);
      await proxy.cut();
      const cutAt = Date.now();
      // The alert falls due 10 s after the order, in the middle of the outage.
      await new Promise((r) => setTimeout(r, 20_000));
      expect(alertTexts(id)).toHaveLength(0);
      await proxy.restore();
      const restoredAt = Date.now();
      expect(restoredAt - cutAt).toBeGreaterThanOrEqual(20_000);
      await until(async () => alertTexts(id).length === 1 && (await emailsAbout(id)).length === 1, 60_000);
      await new Promise((r) => setTimeout(r, 3_000));
      expect(alertTexts(id)).toHaveLength(1);
      expect(await emailsAbout(id)).toHaveLength(1);
      expect(w.alive()).toBe(true);
      await stopServer(w);
    } finally {
      await proxy.close();
    }
  }, 180_000);
});
