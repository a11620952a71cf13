/**
 * `database.query` (raw SQL) answers exactly what the bare driver answers — PGlite.query() on the embedded
 * database (where it goes through pglite-query.ts: one engine call, kept statements), pool.query() on
 * PostgreSQL — for every kind of parameter the app sends, and fails the same way.
 */
import { protocol } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB } from '../test/harness.ts';
import { type Database, PGLITE_PG_MAJOR } from './client.ts';
import { pgliteQuery } from './pglite-query.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The bare driver of this engine. */
async function bare(text: string, params: unknown[] = []): Promise<unknown[]> {
  if (database.pglite) return (await database.pglite.query(text, params)).rows;
  return (await database.pool!.query(text, params)).rows;
}

const CASES: [string, unknown[]][] = [
  [
    `SELECT $1::int AS i, $2::bigint AS b, $3::numeric AS n, $4::text AS t, $5::bool AS f, $6::date AS d,
            $7::timestamptz AS ts, $8::uuid AS u, NULL::text AS nothing`,
    [
      42,
      9007199254740991,
      '12.50',
      'a "quoted" \\ text',
      true,
      '2026-03-04',
      new Date('2026-11-24T10:11:12.345Z'),
      '0b7c5b1e-7f43-4d67-9a58-2c5d8b1f0e11',
    ],
  ],
  [
    'SELECT $1::text[] AS tags, cardinality($1::text[]) AS n, $2::int[] AS ints',
    [
      ['a', 'b "c"', 'd\\e', 'with,comma', ''],
      [1, 2, 3],
    ],
  ],
  ['SELECT $1::jsonb AS doc, $2::json AS raw', [{ a: 1, b: ['x', null], c: 'é' }, { n: 1.5 }]],
  ["SELECT $1::bytea AS bin, encode($1::bytea, 'hex') AS hex", [Buffer.from([0, 1, 254, 255])]],
  ['SELECT x, x * 2 AS twice, md5(x::text) AS h FROM generate_series(1, 250) AS x WHERE x > $1', [3]],
  ['SELECT $1::text IS NULL AS null_param, $2::text AS undefined_param', [null, undefined]],
  ['SELECT 1 AS a, 2 AS a', []],
  ['SELECT * FROM merchant_tab_counts WHERE merchant_id = $1', ['0b7c5b1e-7f43-4d67-9a58-2c5d8b1f0e11']],
];

describe(`raw query on ${TEST_DB}`, () => {
  it('answers what the bare driver answers, every parameter kind', async () => {
    for (const [text, params] of CASES) {
      const rows = await database.query(text, params);
      expect(rows, text).toEqual(await bare(text, params));
      // The second run of the same text (a kept statement on PGlite) answers the same.
      expect(await database.query(text, params), text).toEqual(rows);
    }
    const [row] = await database.query<{ tags: string[]; doc: unknown; bin: Uint8Array; hex: string }>(
      'SELECT $1::text[] AS tags, $2::jsonb AS doc, $3::bytea AS bin, encode($3::bytea, $4) AS hex',
      [['a', 'b "c"', 'd\\e'], { k: [1, 'two'] }, Buffer.from([0, 255]), 'hex'],
    );
    expect(row!.tags).toEqual(['a', 'b "c"', 'd\\e']);
    expect(row!.doc).toEqual({ k: [1, 'two'] });
    expect(row!.hex).toBe('00ff');
    expect([...row!.bin]).toEqual([0, 255]);
  });

  it('answers a prepared statement (`prepare`) as the same statement unprepared, past the plan cache switch', async () => {
    const text = 'SELECT g AS n, $1::text AS t FROM generate_series(1, $2::int) g ORDER BY g DESC LIMIT 3';
    // PostgreSQL tries a generic plan from the sixth execution of a prepared statement on a connection.
    for (let i = 1; i <= 8; i++) {
      const params = [`run ${i}`, i];
      expect(await database.query(text, params, { prepare: 'raw_query_test_prepared' })).toEqual(
        await bare(text, params),
      );
    }
  });

  it('fails like the driver (SQLSTATE kept) and keeps answering afterwards', async () => {
    const err = await database.query('SELECT 1 / $1::int AS x', [0]).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('22012');
    expect(await database.query('SELECT 1 / $1::int AS x', [1])).toEqual([{ x: 1 }]);
    const syntax = await database.query('SELEC 1').catch((e: unknown) => e);
    expect((syntax as { code?: string }).code).toBe('42601');
    const missing = await database.query('SELECT nope FROM merchants').catch((e: unknown) => e);
    expect((missing as { code?: string }).code).toBe('42703');
    expect(await database.query('SELECT $1::int + 1 AS y', [1])).toEqual([{ y: 2 }]);
  });

  it('never reads into an open transaction, and sees what it committed', async () => {
    await database.query('CREATE TABLE raw_query_probe (v int)');
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let inserted!: () => void;
    const insertDone = new Promise<void>((r) => {
      inserted = r;
    });
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`INSERT INTO raw_query_probe VALUES (1)`);
      inserted();
      await held;
    });
    await insertDone;
    const count = () => database.query<{ n: number }>('SELECT count(*)::int AS n FROM raw_query_probe');
    if (database.pglite) {
      // One connection: the read waits for the transaction (pglite-query.ts's exclusive run), then sees it.
      const read = count();
      let answered = false;
      void read.then(() => {
        answered = true;
      });
      await new Promise((r) => setTimeout(r, 20));
      expect(answered).toBe(false);
      release();
      await tx;
      expect(await read).toEqual([{ n: 1 }]);
    } else {
      // Another pooled connection: read committed, so nothing of the open transaction, then its row.
      expect(await count()).toEqual([{ n: 0 }]);
      release();
      await tx;
      expect(await count()).toEqual([{ n: 1 }]);
    }
    await database.query('DROP TABLE raw_query_probe');
  });
});

describe.runIf(TEST_DB === 'pglite')('the PGlite contract pglite-query.ts relies on (decision 0118)', () => {
  // pglite-query.ts builds on these; a PGlite release that changes one fails here, naming it.
  type Msg = { name: string; fields?: unknown[]; code?: string };

  it('embeds the PostgreSQL major the data directory check expects (client.ts PGLITE_PG_MAJOR)', async () => {
    const [row] = await database.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    expect(String(Math.floor(Number(row!.v) / 10000)), 'PGLITE_PG_MAJOR').toBe(PGLITE_PG_MAJOR);
  });

  it('the methods and the protocol serializer exist', () => {
    const client = database.pglite! as unknown as Record<string, unknown>;
    const methods = ['runExclusive', 'execProtocolStream', 'isInTransaction', 'syncToFs', 'query'];
    expect(
      methods.filter((m) => typeof client[m] !== 'function'),
      'PGlite methods pglite-query.ts calls',
    ).toEqual([]);
    expect(typeof client.closed, 'PGlite.closed').toBe('boolean');
    expect(typeof client.parsers, 'PGlite.parsers (the type parsers by OID)').toBe('object');
    const serialize = protocol.serialize as unknown as Record<string, unknown>;
    const serializers = ['parse', 'bind', 'describe', 'execute', 'sync', 'close', 'query'];
    expect(
      serializers.filter((m) => typeof serialize[m] !== 'function'),
      'protocol.serialize functions',
    ).toEqual([]);
  });

  it('execProtocolStream answers an extended-protocol buffer with the messages in one call', async () => {
    const client = database.pglite!;
    const s = protocol.serialize;
    const buffer = (parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
    const messages = (await client.runExclusive(() =>
      client.execProtocolStream(
        buffer([
          s.parse({ text: 'SELECT $1::int AS a, NULL::text AS b' }),
          s.bind({ values: ['7'] }),
          s.describe({ type: 'P' }),
          s.execute({}),
          s.sync(),
        ]),
        { syncToFs: false, throwOnError: false },
      ),
    )) as unknown as Msg[];
    expect(
      messages.map((m) => m.name),
      'backend message names',
    ).toEqual([
      'parseComplete',
      'bindComplete',
      'rowDescription',
      'dataRow',
      'commandComplete',
      'readyForQuery',
    ]);
    const fields = messages[2]!.fields as { name: string; dataTypeID: number }[];
    expect(
      fields.map((f) => [f.name, f.dataTypeID]),
      'rowDescription.fields (name, dataTypeID)',
    ).toEqual([
      ['a', 23],
      ['b', 25],
    ]);
    expect(messages[3]!.fields, 'dataRow.fields: text values, null for NULL').toEqual(['7', null]);
    expect((client.parsers[23] as (v: string, t: number) => unknown)('7', 23), 'parsers[int4]').toBe(7);

    // With throwOnError false an error is a message named 'error' carrying the SQLSTATE, not a throw.
    const failed = (await client.runExclusive(() =>
      client.execProtocolStream(
        buffer([
          s.parse({ text: 'SELECT 1 / 0' }),
          s.bind({}),
          s.describe({ type: 'P' }),
          s.execute({}),
          s.sync(),
        ]),
        { syncToFs: false, throwOnError: false },
      ),
    )) as unknown as Msg[];
    const error = failed.find((m) => m.name === 'error');
    expect(error?.code, "an 'error' message with the SQLSTATE").toBe('22012');
    expect(failed.at(-1)?.name, 'readyForQuery after the error').toBe('readyForQuery');
  });

  it("runExclusive keeps PGlite.query() out, but not another caller's open transaction", async () => {
    const client = database.pglite!;
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const exclusive = client.runExclusive(async () => {
      order.push('exclusive');
      await held;
      order.push('exclusive done');
    });
    const query = client.query('SELECT 1').then(() => order.push('query'));
    await new Promise((r) => setTimeout(r, 20));
    release();
    await Promise.all([exclusive, query]);
    expect(order, 'PGlite.query() waits for runExclusive').toEqual(['exclusive', 'exclusive done', 'query']);

    // Inside a transaction, between its statements, runExclusive runs and sees the transaction open:
    // the reason pglite-query.ts then hands the query to PGlite.query(), which waits for the transaction.
    let seen: boolean | undefined;
    await client.transaction(async (tx) => {
      await tx.query('SELECT 1');
      const outside = client.runExclusive(async () => {
        seen = client.isInTransaction();
      });
      await new Promise((r) => setTimeout(r, 20));
      await outside;
    });
    expect(seen, 'isInTransaction() within runExclusive during a transaction').toBe(true);
    expect(client.isInTransaction()).toBe(false);
  });
});

describe.runIf(TEST_DB === 'pglite')('PGlite statement cache', () => {
  it('prepares a text once, closes the least recently used past the limit, and survives DDL', async () => {
    const client = database.pglite!;
    const q = pgliteQuery(client, { maxStatements: 2 });
    const names = async () =>
      (await client.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name')).rows
        .map((r) => r.name)
        .filter((n) => n.startsWith('mc_'));
    const before = await names();
    expect(await q('SELECT $1::int AS a', [1])).toEqual([{ a: 1 }]);
    expect(await q('SELECT $1::int AS a', [2])).toEqual([{ a: 2 }]);
    expect(q.statements()).toBe(1);
    await q('SELECT $1::int AS b', [1]);
    await q('SELECT $1::int AS c', [1]);
    expect(q.statements()).toBe(2);
    // The first is closed in the engine too (with the next query), not only forgotten.
    expect(await q('SELECT $1::int AS c', [2])).toEqual([{ c: 2 }]);
    expect((await names()).length - before.length).toBe(2);
    // A failed Parse keeps nothing; a failed execution keeps its (valid) statement.
    await q('SELEC 1').catch(() => undefined);
    expect(q.statements()).toBe(2);

    await q('CREATE TABLE cache_probe (a int)');
    await q('INSERT INTO cache_probe VALUES ($1)', [1]);
    expect(await q('SELECT * FROM cache_probe')).toEqual([{ a: 1 }]);
    await q('ALTER TABLE cache_probe ADD COLUMN b text');
    await q("UPDATE cache_probe SET b = 'x'");
    // The kept SELECT * changed its result type: parsed again, new column included.
    expect(await q('SELECT * FROM cache_probe')).toEqual([{ a: 1, b: 'x' }]);
    await q('DROP TABLE cache_probe');
    // Plans are made per execution, as PostgreSQL does for node-postgres' unnamed statements.
    expect(await q('SHOW plan_cache_mode')).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });
});
