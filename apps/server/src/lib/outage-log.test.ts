/**
 * Calm, clean logs (docs/decisions/0115):
 * - the outage log writes one line per source and reason every 10 s, with the count of the lines it held
 *   back, and nothing of the error itself;
 * - an app whose database refuses every connection answers 503 to 300 requests with a handful of lines,
 *   none of them quoting the email, SQL or values of the requests' queries;
 * - a failed query's error, logged at any level, carries neither its statement nor its bound values
 *   (Drizzle's "Failed query: … params: …", PGlite's `query`/`params`, PostgreSQL's `detail` and the value
 *   quoted by a data exception), on PGlite and PostgreSQL.
 */
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openPostgres } from '../db/client.ts';
import { merchants, users } from '../db/schema.ts';
import { createTestDatabase, TEST_DB } from '../test/harness.ts';
import { captureLog } from '../test/log-lines.ts';
import { safeErrorMessage, serializeError } from './logging.ts';
import { OUTAGE_LOG_WINDOW_MS, OutageLog } from './outage-log.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const terminated = new Error('Connection terminated unexpectedly');

afterEach(() => {
  vi.useRealTimers();
});

describe('OutageLog', () => {
  it('writes one line per source and reason every 10 s, then the count it held back', async () => {
    vi.useFakeTimers();
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const outage = new OutageLog({ warn: (obj, msg) => lines.push({ obj: obj as never, msg }) });
    for (let i = 0; i < 500; i++) outage.report('request', refused);
    for (let i = 0; i < 50; i++) outage.report('request', terminated);
    for (let i = 0; i < 5; i++) outage.report('job queue', refused, 'job queue: database unavailable');
    expect(lines.map((l) => l.obj.outage)).toEqual([
      { source: 'request', reason: 'ECONNREFUSED', suppressed: 0, windowMs: OUTAGE_LOG_WINDOW_MS },
      { source: 'request', reason: 'connection terminated', suppressed: 0, windowMs: OUTAGE_LOG_WINDOW_MS },
      { source: 'job queue', reason: 'ECONNREFUSED', suppressed: 0, windowMs: OUTAGE_LOG_WINDOW_MS },
    ]);
    expect(lines[2]!.msg).toBe('job queue: database unavailable');
    await vi.advanceTimersByTimeAsync(OUTAGE_LOG_WINDOW_MS);
    expect(lines.slice(3).map((l) => l.obj.outage)).toEqual([
      { source: 'request', reason: 'ECONNREFUSED', suppressed: 499, windowMs: OUTAGE_LOG_WINDOW_MS },
      { source: 'request', reason: 'connection terminated', suppressed: 49, windowMs: OUTAGE_LOG_WINDOW_MS },
      { source: 'job queue', reason: 'ECONNREFUSED', suppressed: 4, windowMs: OUTAGE_LOG_WINDOW_MS },
    ]);
    // Still failing: counted again for the next 10 s, written when they are up.
    for (let i = 0; i < 30; i++) outage.report('request', refused);
    expect(lines).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(OUTAGE_LOG_WINDOW_MS);
    expect(lines.at(-1)!.obj.outage).toMatchObject({ reason: 'ECONNREFUSED', suppressed: 30 });
    // Quiet: nothing more. After the quiet spell the first failure writes at once.
    await vi.advanceTimersByTimeAsync(OUTAGE_LOG_WINDOW_MS * 3);
    expect(lines).toHaveLength(7);
    outage.report('request', refused);
    expect(lines).toHaveLength(8);
    // Not an outage: nothing written, the caller logs it.
    expect(outage.report('request', new Error('duplicate key'))).toBe(false);
    expect(lines).toHaveLength(8);
    // No message, stack or value of the error in any line.
    expect(JSON.stringify(lines)).not.toContain('127.0.0.1');
  });
});

/** A port on which nothing listens: every connection is refused. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('an app whose database refuses every connection', () => {
  it('answers 503 to 300 requests with a few lines, none quoting their email, SQL or values', async () => {
    const { lines, stream: logStream } = captureLog();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'outage-log-test-secret-0123456789-abcdef',
      DATA_DIR: '/tmp/mc-test-unused',
      SEED_DEMO: 'false',
    });
    const database = openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/nowhere`, 20);
    const { app } = await buildApp({ config, database, logStream });
    await app.ready();
    const email = 'outage-owner-7f3a9c@example.test';
    const statuses = new Map<number, number>();
    try {
      for (let round = 0; round < 15; round++) {
        const answers = await Promise.all(
          // Each from its own address: the sign-in limits would answer 429 before the database is asked.
          Array.from({ length: 20 }, (_, i) =>
            app.inject({
              method: 'POST',
              url: '/a/v2/login',
              payload: { email, password: 'pw-123456789' },
              remoteAddress: `10.0.${round}.${i + 1}`,
            }),
          ),
        );
        for (const a of answers) statuses.set(a.statusCode, (statuses.get(a.statusCode) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 503: 300 });
    } finally {
      await app.close();
      await database.close().catch(() => {});
    }
    const log = lines.join('\n');
    expect(log).not.toContain(email);
    expect(log).not.toMatch(/select|from "users"|Failed query: /i);
    expect(lines.filter((l) => l.includes('request completed'))).toEqual([]);
    // One line for the requests at once, their count on close; the relay's and LISTEN's own lines.
    expect(lines.length, log).toBeLessThanOrEqual(10);
    const requestLines = lines
      .map((l) => JSON.parse(l) as { outage?: { source: string; suppressed: number } })
      .filter((l) => l.outage?.source === 'request');
    // A line stands for one request (suppressed 0) or for the N it held back.
    expect(requestLines.reduce((n, l) => n + (l.outage!.suppressed || 1), 0)).toBe(300);
  });
});

describe(`a failed query's error in the log (${TEST_DB})`, () => {
  it('carries neither the statement nor the bound values, and keeps the code and constraint', async () => {
    const database = await createTestDatabase();
    const secretEmail = 'bound-value-4d2e@example.test';
    try {
      // A data exception: PostgreSQL quotes the value in its message ('invalid input syntax for type uuid: "…"').
      const invalid = await database.db
        .select()
        .from(users)
        .where(eq(users.id, secretEmail))
        .catch((e: unknown) => e);
      // A unique violation: PostgreSQL's detail names the key's value.
      const [m] = await database.db.insert(merchants).values({ tmk: 't-log-1', name: 'Store' }).returning();
      const user = {
        first_name: 'A',
        last_name: 'B',
        email: secretEmail,
        password_hash: 'x',
        roles: ['merch.owner'],
        authorized_merchant_id: m!.id,
      };
      await database.db.insert(users).values(user);
      const duplicate = await database.db
        .insert(users)
        .values(user)
        .catch((e: unknown) => e);
      // A raw query (no Drizzle wrapper).
      const raw = await database
        .query('SELECT id FROM users WHERE id = $1::uuid', [secretEmail])
        .catch((e: unknown) => e);

      for (const error of [invalid, duplicate, raw]) {
        expect(error).toBeInstanceOf(Error);
        const out = JSON.stringify(serializeError(error));
        expect(out).not.toContain(secretEmail);
        expect(out).not.toMatch(/select |insert into|from "users"/i);
        expect(out).not.toContain('"params"');
        expect(out).not.toContain('"detail"');
        expect(safeErrorMessage(error)).not.toContain(secretEmail);
        // What the log keeps: the SQLSTATE (on the error or its cause) and the stack's frames.
        expect(out).toMatch(/"code":"(22P02|23505)"|22P02|23505/);
        expect((serializeError(error) as { stack: string }).stack).toMatch(/\n\s+at /);
      }
      expect(JSON.stringify(serializeError(duplicate))).toContain('users_email');
    } finally {
      await database.close();
    }
  });
});
