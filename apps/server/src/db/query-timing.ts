/**
 * Each PostgreSQL query's duration, announced on a diagnostics channel when it ends: its kind (the
 * statement's first word: select, insert, update, delete, with, begin, commit, …) and whether it failed.
 * Never its text or its values. Each app's metrics subscribe (lib/metrics.ts), and a traced request or
 * job gets a span for the query (lib/tracing.ts); with neither, a query pays two checks.
 *
 * node-postgres has no hook of its own, so every client a pool connects has its `query` wrapped (the
 * instance's, not pg's prototype): pool queries, transactions and pg-boss' queries all pass there.
 */
import diagnostics from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { endSpan, SpanKind, startChildSpan } from '../lib/tracing.ts';

export interface QueryTiming {
  kind: string;
  outcome: 'ok' | 'error';
  seconds: number;
}

export const queryTimingChannel = diagnostics.channel('merchant-console:db-query');

const KINDS = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'with',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
  'set',
  'listen',
  'notify',
  'copy',
]);

/** The statement's kind from its first word; anything else is `other` (so the label set stays small). */
export function queryKind(text: unknown): string {
  if (typeof text !== 'string') return 'other';
  const word = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? '';
  return KINDS.has(word) ? word : 'other';
}

/**
 * The table a statement is about (its outermost `from`, `into` or `update`: sub-selects are set aside
 * first), for a span's name; never a value.
 */
export function queryTable(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  let outer = text.slice(0, 8000);
  for (let i = 0; i < 20 && /\([^()]*\)/.test(outer); i++) outer = outer.replace(/\([^()]*\)/g, ' ');
  return /\b(?:from|into|update)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(outer)?.[1]?.toLowerCase();
}

type QueryArgs = unknown[];

/** Wraps one connected client's `query` so each query's end is published (callback and promise forms). */
export function timeQueries(client: pg.PoolClient | pg.Client): void {
  const original = client.query.bind(client) as (...args: QueryArgs) => unknown;
  (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (...args: QueryArgs) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    const kind = queryKind(text);
    // A span when a request or a job is being traced (lib/tracing.ts): the kind and table, no text.
    const span = startChildSpan(() => {
      const table = queryTable(text);
      return {
        name: `${kind.toUpperCase()}${table ? ` ${table}` : ''}`,
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.operation.name': kind.toUpperCase(),
          ...(table ? { 'db.collection.name': table } : {}),
        },
      };
    });
    if (!span && !queryTimingChannel.hasSubscribers) return original(...args);
    const started = performance.now();
    const publish = (failed: boolean) => {
      endSpan(span, failed);
      if (queryTimingChannel.hasSubscribers)
        queryTimingChannel.publish({
          kind,
          outcome: failed ? 'error' : 'ok',
          seconds: (performance.now() - started) / 1000,
        } satisfies QueryTiming);
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, result: unknown) => {
        publish(Boolean(err));
        return (callback as (e: unknown, r: unknown) => unknown)(err, result);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(
        () => publish(false),
        () => publish(true),
      );
    return result;
  };
}
