/**
 * The one publisher of order events. Changes write their event to `order_event_outbox` in their own
 * transaction (transition-order.ts: writeOrderEvent); this relay publishes committed rows and deletes them:
 * - PostgreSQL: one statement deletes a batch (FOR UPDATE SKIP LOCKED, so processes share the work without
 *   waiting on each other) and calls pg_notify for each row. NOTIFY is transactional: the notifications
 *   go out exactly when the delete commits, so a row is either published and gone or still there. Every
 *   process's LISTEN (order-events-pg.ts) feeds its own consoles, this one's included.
 * - PGlite (one process): the batch is deleted, then emitted on the in-process bus.
 * The relay runs after each committed change (`kick`, from orderTransaction), on start (rows a crash left
 * behind) and on a short timer (rows whose process died between commit and publish, or whose publish
 * failed because the database was away). Consoles treat events as hints to refetch, so a duplicate would
 * be harmless; a lost event is what the outbox prevents.
 */
import type { EventEmitter } from 'node:events';
import type { OrderEvent, OrderEventPublisher } from '../../../context.ts';
import type { Database } from '../../../db/client.ts';
import { outageLogOf } from '../../../lib/outage-log.ts';

/** The NOTIFY channel of order events (PostgreSQL); order-events-pg.ts LISTENs to it in every process. */
export const ORDER_EVENTS_CHANNEL = 'mc_order_events';

export interface RelayLog {
  warn: (obj: unknown, msg: string) => void;
}

const BATCH = 200;

export interface RelayOptions {
  /** The safety-net timer (rows of a process that died after commit, a publish that failed). */
  intervalMs?: number;
  /**
   * Runs after a kick are at least this far apart: under load (a bulk accept) one run publishes the
   * events of several changes instead of one run per change. The first event after a quiet spell goes
   * at once.
   */
  minGapMs?: number;
}

export class OrderEventRelay implements OrderEventPublisher {
  private interval: NodeJS.Timeout | undefined;
  private pending: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private failing = false;
  private lastRun = 0;
  private readonly intervalMs: number;
  private readonly minGapMs: number;

  constructor(
    private readonly database: Database,
    private readonly events: EventEmitter,
    private readonly log: RelayLog,
    opts: RelayOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 1000;
    this.minGapMs = opts.minGapMs ?? 100;
  }

  /** Publishes what an earlier run left, then keeps a short timer as the safety net. */
  start(): void {
    this.stopped = false;
    this.kick();
    this.interval = setInterval(() => this.kick(), this.intervalMs);
    this.interval.unref();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.pending) return;
    const wait = Math.max(0, this.lastRun + this.minGapMs - Date.now());
    this.pending = setTimeout(() => {
      this.pending = undefined;
      void this.run();
    }, wait);
    this.pending.unref();
  }

  /** Resolves once every row committed before the call has been published (or the run failed). */
  async flush(): Promise<void> {
    clearTimeout(this.pending);
    this.pending = undefined;
    while (this.running) await this.running;
    await this.run();
  }

  /**
   * Stops the timers, waits for a run in flight and publishes what is left — for at most `waitMs` (a
   * database that is away must not hold up the shutdown; its rows wait for the next start).
   */
  async stop(waitMs = 2000): Promise<void> {
    clearInterval(this.interval);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.flush(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      }),
    ]);
    clearTimeout(timer);
    this.stopped = true;
    clearTimeout(this.pending);
    this.pending = undefined;
  }

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.lastRun = Date.now();
    this.again = false;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    try {
      while ((await this.publishBatch()) === BATCH) {
        /* more waiting */
      }
      this.failing = false;
    } catch (err) {
      // The rows stay in the outbox; the timer tries again. Logged once per failing spell, or (database
      // unreachable) once per reason every 10 s (lib/outage-log.ts), not every second.
      const outage = outageLogOf(this.log).report(
        'order events',
        err,
        'order events not published yet; retrying',
      );
      if (!outage && !this.failing) this.log.warn({ err }, 'order events not published yet; retrying');
      this.failing = true;
    }
  }

  /** Publishes and deletes up to BATCH rows, oldest first; returns how many. */
  private async publishBatch(): Promise<number> {
    if (this.database.driver === 'pg') {
      const rows = await this.database.query<{ id: number }>(
        `WITH sent AS (
           DELETE FROM order_event_outbox
            WHERE id IN (SELECT id FROM order_event_outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
           RETURNING id, payload)
         SELECT id, pg_notify($2, payload::text) FROM sent ORDER BY id`,
        [BATCH, ORDER_EVENTS_CHANNEL],
      );
      return rows.length;
    }
    const rows = await this.database.query<{ id: number; payload: OrderEvent }>(
      `DELETE FROM order_event_outbox
        WHERE id IN (SELECT id FROM order_event_outbox ORDER BY id LIMIT $1)
       RETURNING id, payload`,
      [BATCH],
    );
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    for (const row of rows) deliverOrderEvent(this.events, row.payload, this.log);
    return rows.length;
  }
}

/** Hands an event to this process's consoles (the SSE streams listen on the bus): the relay's last step. */
export function deliverOrderEvent(events: EventEmitter, e: OrderEvent, log: RelayLog): void {
  try {
    events.emit('order', e);
  } catch (err) {
    log.warn({ err }, 'an order event listener failed');
  }
}
