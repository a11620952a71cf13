/**
 * What an operator's Prometheus scrapes from `/metrics` (docs/decisions/0136): requests by operation and
 * status class, requests in flight, the database pools, open event streams, the job queue, jobs run, calls
 * to outside providers, the event loop, plus prom-client's process and Node.js defaults. One registry per app (tests build many
 * apps in one process); the defaults start on the first scrape, so an app nobody scrapes samples nothing.
 */
import { performance } from 'node:perf_hooks';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type QueryTiming, queryTimingChannel } from '../db/query-timing.ts';
import { type ProviderCall, providerCallChannel } from './provider-calls.ts';

/** What a pool reports (node-postgres' `pg.Pool` has these). */
export interface PoolLike {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** What the read replica reports (db/replica.ts's ReplicaReads has these). */
export interface ReplicaLike {
  readonly pool: PoolLike;
  readonly status: { usable: boolean; lagMs: number | null };
  onRead(listener: (target: 'replica' | 'primary_fallback') => void): () => void;
}

export interface QueueStats {
  queued: number;
  active: number;
  /** Seconds since the oldest waiting job was queued; null when none waits. */
  oldestQueuedSeconds: number | null;
}

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800];

export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<'operation' | 'method' | 'status_class'>;
  readonly requestDuration: Histogram<'operation' | 'method' | 'status_class'>;
  readonly inFlight: Gauge;
  readonly jobDuration: Histogram<'queue' | 'outcome'>;
  readonly providerCalls: Histogram<'provider' | 'outcome'>;
  readonly queries: Histogram<'kind' | 'outcome'>;
  private readonly onQuery = (message: unknown) => {
    const q = message as QueryTiming;
    this.queries.observe({ kind: q.kind, outcome: q.outcome }, q.seconds);
  };
  private readonly onProviderCall = (message: unknown) => {
    const call = message as ProviderCall;
    this.providerCalls.observe({ provider: call.provider, outcome: call.outcome }, call.seconds);
  };
  readonly webhookDeliveries: Counter<'outcome'>;
  readonly replicaReads: Counter<'target'>;
  private replica: ReplicaLike | null = null;
  private stopReplica: () => void = () => {};
  private readonly pools = new Map<string, PoolLike>();
  private readonly queues = new Map<string, () => Promise<QueueStats | null>>();
  private streams: () => number = () => 0;
  /** The queues' figures of the scrape under way: read once for the two gauges that show them. */
  private queuesRead: Promise<Map<string, QueueStats>> | null = null;
  private defaultsStarted = false;
  private lastElu = performance.eventLoopUtilization();

  constructor() {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by operationId (or "unrouted"), method and status class',
      labelNames: ['operation', 'method', 'status_class'],
      registers,
    });
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to its answer, by operationId, method and status class',
      labelNames: ['operation', 'method', 'status_class'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.inFlight = new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests received and not yet answered',
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'jobs_duration_seconds',
      help: 'Jobs this process ran, by queue and outcome (bulk: done, failed, interrupted, skipped, database_unavailable; staff alerts: sent, waiting, deferred, cancelled, busy, gone, failed)',
      labelNames: ['queue', 'outcome'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.providerCalls = new Histogram({
      name: 'provider_call_duration_seconds',
      help: 'Calls to outside providers (payments, carrier, courier, SMS, email, maps, webhook receivers), by provider and outcome (success, refused, failed, timeout, network_error); retries included',
      labelNames: ['provider', 'outcome'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    providerCallChannel.subscribe(this.onProviderCall);
    this.queries = new Histogram({
      name: 'db_query_duration_seconds',
      help: "PostgreSQL queries of every pool, by kind (the statement's first word: select, insert, update, delete, with, begin, commit, …; other) and outcome (ok, error)",
      labelNames: ['kind', 'outcome'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    queryTimingChannel.subscribe(this.onQuery);
    this.webhookDeliveries = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (delivered, failed, gone, refused)',
      labelNames: ['outcome'],
      registers,
    });
    this.replicaReads = new Counter({
      name: 'db_replica_reads_total',
      help: 'Reads that may use the read replica, by where they went: replica, or primary_fallback (replica behind, unreachable or failing)',
      labelNames: ['target'],
      registers,
    });
    const replica = () => this.replica;
    new Gauge({
      name: 'db_replica_lag_seconds',
      help: "The read replica's lag at its last check (0 when caught up); absent when it could not be measured",
      registers,
      collect() {
        this.reset();
        const lagMs = replica()?.status.lagMs;
        if (lagMs !== undefined && lagMs !== null) this.set(lagMs / 1000);
      },
    });
    new Gauge({
      name: 'db_replica_in_use',
      help: '1 while reads that tolerate lag go to the read replica, 0 while they go to the primary',
      registers,
      collect() {
        this.reset();
        const r = replica();
        if (r) this.set(r.status.usable ? 1 : 0);
      },
    });
    const pools = this.pools;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by pool and state (total, idle, waiting: callers waiting for one)',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        this.reset();
        for (const [pool, p] of pools) {
          this.set({ pool, state: 'total' }, p.totalCount);
          this.set({ pool, state: 'idle' }, p.idleCount);
          this.set({ pool, state: 'waiting' }, p.waitingCount);
        }
      },
    });
    const streams = () => this.streams();
    new Gauge({
      name: 'event_streams_open',
      help: "Consoles' live order-event streams open on this process",
      registers,
      collect() {
        this.set(streams());
      },
    });
    const readQueues = () => this.readQueues();
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs by queue and state (queued: waiting to run; active: running somewhere)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const [queue, stats] of await readQueues()) {
          this.set({ queue, state: 'queued' }, stats.queued);
          this.set({ queue, state: 'active' }, stats.active);
        }
      },
    });
    new Gauge({
      name: 'job_queue_oldest_age_seconds',
      help: 'Seconds the oldest waiting job of the queue has waited (0 when none waits)',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const [queue, stats] of await readQueues()) this.set({ queue }, stats.oldestQueuedSeconds ?? 0);
      },
    });
    const elu = () => {
      const now = performance.eventLoopUtilization();
      const since = performance.eventLoopUtilization(now, this.lastElu);
      this.lastElu = now;
      return since.utilization;
    };
    new Gauge({
      name: 'nodejs_eventloop_utilization_ratio',
      help: 'Share of the time since the previous scrape the event loop was busy (0–1)',
      registers,
      collect() {
        this.set(elu());
      },
    });
  }

  /** Stops listening to the process-wide channels (the app closes; its registry is dropped with it). */
  close(): void {
    this.stopReplica();
    providerCallChannel.unsubscribe(this.onProviderCall);
    queryTimingChannel.unsubscribe(this.onQuery);
  }

  /** A pool whose connections are reported as `db_pool_connections{pool=name}`. */
  watchPool(name: string, pool: PoolLike): void {
    this.pools.set(name, pool);
  }

  /** The read replica: its pool as `db_pool_connections{pool="replica"}`, its reads and its lag. */
  watchReplica(replica: ReplicaLike): void {
    this.stopReplica();
    this.replica = replica;
    this.watchPool('replica', replica.pool);
    this.stopReplica = replica.onRead((target) => this.replicaReads.inc({ target }));
  }

  unwatchPool(name: string): void {
    this.pools.delete(name);
  }

  watchQueue(name: string, read: () => Promise<QueueStats | null>): void {
    this.queues.set(name, read);
  }

  watchStreams(count: () => number): void {
    this.streams = count;
  }

  private readQueues(): Promise<Map<string, QueueStats>> {
    this.queuesRead ??= (async () => {
      const out = new Map<string, QueueStats>();
      for (const [queue, read] of this.queues) {
        // A queue that cannot be read now (the database away, no schema yet) is left out of this scrape.
        const stats = await read().catch(() => null);
        if (stats) out.set(queue, stats);
      }
      return out;
    })();
    return this.queuesRead;
  }

  /** One webhook delivery attempt (docs/decisions/0139). */
  webhookDelivered(outcome: 'delivered' | 'failed' | 'gone' | 'refused'): void {
    this.webhookDeliveries.inc({ outcome });
  }

  jobFinished(queue: string, outcome: string, seconds: number): void {
    this.jobDuration.observe({ queue, outcome }, seconds);
  }

  /** The whole exposition, in Prometheus' text format. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    if (!this.defaultsStarted) {
      this.defaultsStarted = true;
      collectDefaultMetrics({ register: this.registry });
    }
    this.queuesRead = null;
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
