/**
 * Raw SQL on PGlite in one engine call (docs/decisions/0110). `PGlite.query()` sends Parse, Describe
 * (statement), Bind, Describe (portal), Execute and Sync as six separate, awaited calls into the WASM
 * engine, then copies the whole type-parser table and builds every row with `Object.fromEntries` and a
 * parser lookup per field. This sends the same extended-protocol messages as
 * one buffer — what node-postgres writes to its socket — and builds rows with the parsers resolved once
 * per result. On top of that, each statement text is parsed once and kept as a named prepared statement
 * (the `maxStatements` most recently used; the oldest is closed), planned afresh on every execution
 * (`plan_cache_mode = force_custom_plan`, set once): the plans, and so the answers, are those PostgreSQL's
 * unnamed statements get.
 *
 * Parameters are sent as text without types, as node-postgres sends them (the server infers each type
 * from the statement): the raw queries run on both drivers, so they already pass values node-postgres can
 * send. Rows come out exactly as `PGlite.query()` makes them (the instance's own parsers).
 *
 * Only PGlite's public API (docs/decisions/0118): `runExclusive` (the query lock), `execProtocolStream`,
 * `isInTransaction`, `syncToFs`, `parsers` and `protocol.serialize`. `runExclusive` does not take the
 * lock `transaction()` holds for a whole transaction, so a query that finds someone else's transaction
 * open (between two of its statements) goes to `PGlite.query()` instead, which waits for that transaction:
 * a query never runs inside another caller's transaction. `raw-query.test.ts` checks that contract
 * against the installed PGlite and names what changed if it breaks.
 */
import { type PGlite, protocol } from '@electric-sql/pglite';

/** client.ts's RawQuery (not imported: client.ts imports this module), and the cache's size. */
export type PgliteQuery = (<R = Record<string, unknown>>(
  text: string,
  params?: unknown[],
) => Promise<R[]>) & {
  statements(): number;
};

type Message = { name: string };
type Field = { name: string; dataTypeID: number };
type Parser = (value: string, typeId?: number) => unknown;

/** Statements kept prepared at most (least recently used closed first). */
const PGLITE_STATEMENT_CACHE_SIZE = 200;

const serialize = protocol.serialize;
/** Each query function names its statements apart (two of them may share one PGlite instance). */
let instances = 0;

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

function arrayLiteral(values: readonly unknown[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i];
    if (v === null || v === undefined) out += 'NULL';
    else if (Array.isArray(v)) out += arrayLiteral(v);
    else if (v instanceof Uint8Array) out += `"\\\\x${hex(v)}"`;
    else out += `"${String(toParam(v)).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  }
  return `${out}}`;
}

/** A parameter as node-postgres would send it (text), or null. */
function toParam(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return `\\x${hex(v)}`;
  if (Array.isArray(v)) return arrayLiteral(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A prepared statement that is gone or whose result type changed: forget it and parse again. */
function staleStatement(e: unknown): boolean {
  const code = (e as { code?: string }).code;
  return code === '26000' || (code === '0A000' && /cached plan/.test(String((e as Error).message)));
}

export function pgliteQuery(client: PGlite, opts: { maxStatements?: number } = {}): PgliteQuery {
  const max = opts.maxStatements ?? PGLITE_STATEMENT_CACHE_SIZE;
  /** SQL text → statement name, least recently used first. */
  const prepared = new Map<string, string>();
  const prefix = `mc_${instances++}_`;
  let nextName = 0;
  const closing: string[] = [];
  let configured = false;

  const rowsOf = (messages: Message[]) => {
    let names: string[] = [];
    let parsers: (Parser | undefined)[] = [];
    const rows: Record<string, unknown>[] = [];
    for (const m of messages) {
      if (m.name === 'dataRow') {
        const values = (m as unknown as { fields: (string | null)[] }).fields;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) {
          const v = values[i] ?? null;
          const parse = parsers[i];
          row[names[i]!] = v === null || !parse ? v : parse(v);
        }
        rows.push(row);
      } else if (m.name === 'rowDescription') {
        const fields = (m as unknown as { fields: Field[] }).fields;
        names = fields.map((f) => f.name);
        parsers = fields.map((f) => {
          const parse = client.parsers[f.dataTypeID] as Parser | undefined;
          return parse ? (v: string) => parse(v, f.dataTypeID) : undefined;
        });
      }
    }
    return rows;
  };

  const run = async (text: string, values: (string | null)[], retry: boolean): Promise<Message[]> => {
    // Statements dropped from the cache are closed in the engine with the next query.
    const parts: Uint8Array[] = closing.map((name) => serialize.close({ type: 'S', name }));
    closing.length = 0;
    let name = prepared.get(text);
    let parsing = false;
    if (name !== undefined) {
      prepared.delete(text);
      prepared.set(text, name);
    } else {
      name = `${prefix}${nextName++}`;
      parsing = true;
      parts.push(serialize.parse({ text, name }));
    }
    parts.push(
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    const messages = (await client.execProtocolStream(concat(parts), {
      syncToFs: false,
      throwOnError: false,
    })) as Message[];
    // A Parse that went through leaves its statement prepared even when the execution then failed.
    if (parsing && messages.some((m) => m.name === 'parseComplete')) {
      prepared.set(text, name);
      if (prepared.size > max) {
        const [oldText, oldName] = prepared.entries().next().value as [string, string];
        prepared.delete(oldText);
        closing.push(oldName);
      }
    }
    const error = messages.find((m) => m.name === 'error');
    if (!error) return messages;
    if (!parsing && staleStatement(error)) {
      prepared.delete(text);
      if (retry && !client.isInTransaction()) return run(text, values, false);
    }
    throw Object.assign(error, { query: text, params: values });
  };

  const query = (async <R>(text: string, params?: unknown[]): Promise<R[]> => {
    if (client.closed) throw new Error('PGlite is closed');
    const values = (params ?? []).map(toParam);
    const rows = await client.runExclusive(async () => {
      // Someone else's transaction is open: its statements must not be joined by this one.
      if (client.isInTransaction()) return null;
      // Outside any transaction, so a rollback cannot undo it.
      if (!configured) {
        await client.execProtocolStream(serialize.query('SET plan_cache_mode = force_custom_plan'), {
          syncToFs: false,
        });
        configured = true;
      }
      const messages = await run(text, values, true);
      if (!client.isInTransaction()) await client.syncToFs();
      return rowsOf(messages);
    });
    if (rows) return rows as R[];
    // PGlite.query() waits for the transaction's lock, then answers the same rows (raw-query.test.ts).
    return (await client.query<R>(text, params)).rows;
  }) as PgliteQuery;
  query.statements = () => prepared.size;
  return query;
}
