/**
 * The webhook worker (docs/decisions/0139): runs in the processes that take jobs (ROLE all or worker), never
 * in a request. It delivers what is due when an order event is heard (the outbox relay's notification
 * reaches every process) and on a short tick otherwise (finished batches, retries, a missed notification),
 * and prunes events past their retention every hour. Everything it works from is in the database, so a
 * killed worker or a database outage loses nothing: the next tick carries on.
 */
import { EVENT_RETENTION_DAYS } from '@mc/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { isDatabaseUnavailable } from '../../db/connection-errors.ts';
import { type DeliveryOptions, deliverDue, pruneEvents } from './delivery.ts';

export interface WebhookWorkerOptions extends DeliveryOptions {
  /** How often it looks for due messages without being told (default 1 s). */
  tickMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface WebhookWorker {
  /** Deliver what is due now (coalesced with a run under way). */
  kick(): void;
  /** Resolves once a run that started after this call has finished. */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

const workers = new WeakMap<AppContext, WebhookWorker>();

export function startWebhookWorker(ctx: AppContext, opts: WebhookWorkerOptions = {}): WebhookWorker {
  const existing = workers.get(ctx);
  if (existing) return existing;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastPrune = 0;
  const run = async () => {
    do {
      again = false;
      try {
        await deliverDue(ctx, opts);
        if (Date.now() - lastPrune > 3600_000) {
          lastPrune = Date.now();
          await pruneEvents(ctx, EVENT_RETENTION_DAYS);
        }
      } catch (error) {
        if (isDatabaseUnavailable(error))
          opts.log?.warn({ err: error }, 'webhooks: database unavailable; retrying');
        else if (!stopped) opts.log?.error({ err: error }, 'webhook delivery failed');
      }
    } while (again && !stopped);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
    });
  };
  const onOrder = () => kick();
  ctx.events.on('order', onOrder);
  const timer = setInterval(kick, opts.tickMs ?? 1000);
  timer.unref();
  const worker: WebhookWorker = {
    kick,
    async drain() {
      kick();
      again = true;
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      ctx.events.off('order', onOrder);
      workers.delete(ctx);
      while (running) await running;
    },
  };
  workers.set(ctx, worker);
  return worker;
}

export async function stopWebhookWorker(ctx: AppContext): Promise<void> {
  await workers.get(ctx)?.stop();
}
