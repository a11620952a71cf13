/**
 * Makes the database write that follows a provider call fail, for one order and one history action: a
 * trigger on order_history raising for that row, so the command's transaction rolls back after the
 * provider was called (the case a step's compensation exists for). Works on PGlite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { Caller } from '../lib/principal.ts';
import type { StepLog } from '../lib/steps.ts';

export const FAILED_WRITE_MESSAGE = 'test: the write after the provider call fails';

/** Installs the trigger; the answer removes it. */
export async function failHistoryWrite(
  database: Database,
  orderId: string,
  action: string,
): Promise<() => Promise<void>> {
  const name = `mc_test_fail_${randomBytes(6).toString('hex')}`;
  const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
  await database.db.execute(
    sql.raw(`create or replace function mc_test_fail_write() returns trigger language plpgsql as $$
      begin raise exception ${literal(FAILED_WRITE_MESSAGE)}; end $$`),
  );
  await database.db.execute(
    sql.raw(`create trigger ${name} before insert on order_history for each row
      when (new.order_id = ${literal(orderId)} and new.action = ${literal(action)})
      execute function mc_test_fail_write()`),
  );
  return async () => {
    await database.db.execute(sql.raw(`drop trigger if exists ${name} on order_history`));
  };
}

/** A logger that keeps the step runner's lines. */
export function recordingStepLog() {
  const lines: { level: 'info' | 'error'; step: unknown; outcome: unknown }[] = [];
  const log: StepLog = {
    info: (obj) => lines.push({ level: 'info', ...(obj as { step: unknown; outcome: unknown }) }),
    error: (obj) => lines.push({ level: 'error', ...(obj as { step: unknown; outcome: unknown }) }),
  };
  return {
    log,
    /** [level, step, outcome] per line. */
    lines: () => lines.map((l) => [l.level, l.step, l.outcome]),
  };
}

/** The owner acting for their merchant, as the registrar resolves them for a request. */
export function callerOf(
  merchant: Caller['merchant'],
  user: { id: string; email: string; roles: string[] },
): Caller {
  return {
    merchant,
    principal: {
      userId: user.id,
      sessionId: 'test-session',
      email: user.email,
      name: 'Test User',
      roles: user.roles,
      passwordMustChange: false,
      merchantId: merchant.id,
      tmk: merchant.tmk,
      merchant,
    },
  };
}

/** Whether an error is the trigger's (drizzle wraps it as "Failed query: …" with the cause). */
export function isFailedWrite(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.message.includes(FAILED_WRITE_MESSAGE)) return true;
  }
  return false;
}
