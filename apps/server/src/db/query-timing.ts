/**
 * Each PostgreSQL query's duration, announced on a diagnostics channel when it ends: its kind (the
 * statement's first word: select, insert, update, delete, with, begin, commit, …) and whether it failed.
 * Never its text or its values. Each app's metrics subscribe (lib/metrics.ts); with nobody listening a
 * query pays one boolean check.
 *
 * node-postgres has no hook of its own, so every client a pool connects has its `query` wrapped (the
 * instance's, not pg's prototype): pool queries, transactions and pg-boss' queries all pass there.
 */
import diagnostics from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

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

type QueryArgs = unknown[];

/** Wraps one connected client's `query` so each query's end is published (callback and promise forms). */
export function timeQueries(client: pg.PoolClient | pg.Client): void {
  const original = client.query.bind(client) as (...args: QueryArgs) => unknown;
  (client as unknown as { query: (...args: QueryArgs) => unknown }).query = (...args: QueryArgs) => {
    if (!queryTimingChannel.hasSubscribers) return original(...args);
    const first = args[0] as string | { text?: string } | undefined;
    const kind = queryKind(typeof first === 'string' ? first : first?.text);
    const started = performance.now();
    const publish = (failed: boolean) =>
      queryTimingChannel.publish({
        kind,
        outcome: failed ? 'error' : 'ok',
        seconds: (performance.now() - started) / 1000,
      } satisfies QueryTiming);
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
