/**
 * Alerts on the job queue (docs/decisions/0147), in the processes that take jobs (ROLE all or worker):
 * - the planner turns new events into alert rows (planner.ts) as soon as an order event is heard, and on a
 *   one-second tick otherwise;
 * - each alert is a pg-boss job on the `staff-alert` queue, sent with `startAfter` its due time and the
 *   singleton key `<kind>:<order or batch>:<person>` under the `exclusive` policy, so one job per alert is
 *   queued or running at a time across every worker;
 * - a sweeper queues again what is due with no job (a crash between planning and queueing, an alert held
 *   for the store's opening, new orders still being gathered, a worker killed mid-send: its job is cancelled
 *   once the alert's claim has run out). The rows, not the jobs, are the record: a lost job costs a sweep.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { AppContext } from '../../context.ts';
import { isDatabaseUnavailable } from '../../db/connection-errors.ts';
import { outageLogOf } from '../../lib/outage-log.ts';
import { type PlannedAlert, planAlerts } from './planner.ts';
import { type SendOptions, sendAlert } from './sender.ts';

export const ALERT_QUEUE = 'staff-alert';

export interface AlertJobsOptions {
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  send?: SendOptions;
  /** Planner tick (default 1 s) and sweep interval (default 5 s). */
  tickMs?: number;
  sweepMs?: number;
  /** Retry delay of a failed send, in seconds, doubled each time (default 5). */
  retryDelaySeconds?: number;
}

export interface AlertJobs {
  /** Plan and queue now (coalesced with a run under way). */
  kick(): void;
  /** One planner run and one sweep, awaited (tests). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

const registry = new WeakMap<AppContext, AlertJobs>();

export const singletonKey = (a: Pick<PlannedAlert, 'kind' | 'subject_id' | 'user_id'>) =>
  `${a.kind}:${a.subject_id}:${a.user_id}`;

interface AlertJobData {
  alertId: string;
}

export async function startAlertJobs(
  ctx: AppContext,
  boss: PgBoss,
  opts: AlertJobsOptions = {},
): Promise<AlertJobs> {
  const existing = registry.get(ctx);
  if (existing) return existing;
  const log = opts.log;
  const outage = log ? outageLogOf(log) : null;
  const retryDelay = opts.retryDelaySeconds ?? 5;
  await boss.createQueue(ALERT_QUEUE, {
    policy: 'exclusive',
    retryLimit: 8,
    retryDelay,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 120,
  });
  let stopped = false;

  const enqueue = async (a: PlannedAlert, startAfter: Date) => {
    // Under the exclusive policy a second job with the key is refused while one is queued or running (null).
    await boss.send(ALERT_QUEUE, { alertId: a.id } satisfies AlertJobData, {
      singletonKey: singletonKey(a),
      startAfter,
      retryLimit: 8,
      retryDelay,
      retryBackoff: true,
      retryDelayMax: 3600,
    });
  };

  const plan = async () => {
    for (;;) {
      const { read, planned } = await planAlerts(ctx, { quietMs: opts.send?.quietMs });
      for (const a of planned) await enqueue(a, a.due_at);
      if (read < 500 || stopped) return;
    }
  };

  const leaseSeconds = opts.send?.leaseSeconds ?? 30;
  const sweep = async () => {
    const due = await ctx.database.query<PlannedAlert & { state: string }>(
      `SELECT id, kind, subject_id, user_id, due_at, state FROM staff_alerts
        WHERE (state = 'pending' AND due_at <= now() + interval '5 seconds')
           OR (state = 'sending' AND locked_until < now())
        ORDER BY due_at LIMIT 200`,
    );
    for (const a of due) {
      if (stopped) return;
      if (a.state === 'sending') {
        // The worker that claimed it stopped mid-send: its job may still count as running; end that job
        // so the alert can be queued again (the next claim finishes what is missing, once).
        const jobs = await boss.findJobs(ALERT_QUEUE, { key: singletonKey(a) });
        const stale = jobs
          .filter(
            (j) =>
              j.state === 'active' &&
              (!j.startedOn || j.startedOn.getTime() < Date.now() - leaseSeconds * 1000),
          )
          .map((j) => j.id);
        if (stale.length) await boss.cancel(ALERT_QUEUE, stale);
      }
      await enqueue(a, new Date(a.due_at));
    }
  };

  // One line per reason every 10 s during an outage (lib/outage-log.ts); everything resumes from the rows.
  const unavailable = (error: unknown, what: string) =>
    isDatabaseUnavailable(error) &&
    (outage?.report('staff alerts', error, `${what}: database unavailable; retrying`) ?? true);

  let running: Promise<void> | null = null;
  let again = false;
  const run = async () => {
    do {
      again = false;
      try {
        await plan();
      } catch (error) {
        if (!stopped && !unavailable(error, 'alert planner'))
          log?.error({ err: error }, 'alert planning failed');
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
  let sweeping: Promise<void> | null = null;
  const sweepSafely = () => {
    sweeping ??= sweep()
      .catch((error) => {
        if (!stopped && !unavailable(error, 'alert sweep')) log?.error({ err: error }, 'alert sweep failed');
      })
      .finally(() => {
        sweeping = null;
      });
    return sweeping;
  };

  const workerId = await boss.work(
    ALERT_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
    async (jobs: JobWithMetadata<AlertJobData>[]) => {
      for (const job of jobs) {
        const started = performance.now();
        try {
          const outcome = await sendAlert(ctx, job.data.alertId, opts.send);
          if (outcome === 'sent')
            log?.info(
              {
                job: ALERT_QUEUE,
                jobId: job.id,
                alertId: job.data.alertId,
                attempt: job.retryCount + 1,
                durationMs: Math.round(performance.now() - started),
              },
              'staff alert sent',
            );
          ctx.metrics?.jobFinished(ALERT_QUEUE, outcome, (performance.now() - started) / 1000);
        } catch (error) {
          ctx.metrics?.jobFinished(ALERT_QUEUE, 'failed', (performance.now() - started) / 1000);
          if (!unavailable(error, 'staff alert'))
            log?.warn(
              { err: error, alertId: job.data.alertId, attempt: job.retryCount + 1 },
              job.retryCount >= job.retryLimit
                ? 'staff alert failed: no retry left'
                : 'staff alert failed: it will be retried',
            );
          throw error;
        }
      }
    },
  );

  const onOrder = () => kick();
  ctx.events.on('order', onOrder);
  const tick = setInterval(kick, opts.tickMs ?? 1000);
  tick.unref();
  const sweeper = setInterval(() => void sweepSafely(), opts.sweepMs ?? 5000);
  sweeper.unref();
  kick();

  const jobs: AlertJobs = {
    kick,
    async drain() {
      kick();
      again = true;
      while (running) await running;
      await sweepSafely();
    },
    async stop() {
      stopped = true;
      clearInterval(tick);
      clearInterval(sweeper);
      ctx.events.off('order', onOrder);
      registry.delete(ctx);
      await boss.offWork(ALERT_QUEUE, { id: workerId, wait: true }).catch(() => {});
      while (running) await running;
      await sweeping;
    },
  };
  registry.set(ctx, jobs);
  return jobs;
}

export async function stopAlertJobs(ctx: AppContext): Promise<void> {
  await registry.get(ctx)?.stop();
}
