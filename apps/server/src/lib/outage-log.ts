/**
 * Calm logs while the database is unreachable (docs/decisions/0115, docs/security.md "Outage log policy").
 * Every request, poll and retry of an outage fails the same way; logging each one wrote ~4.6 KB a request
 * (450 MB in 25 s under 20 connections). Instead, per process, each kind of failure — where it happened
 * (`source`: requests, the job queue, the order-events relay, …) and why (`reason`: `ECONNREFUSED`,
 * `57P01`, `connection terminated`, …) — writes one warning line at most every 10 s:
 * - the first failure of a kind writes at once (`suppressed: 0`: the line stands for that one failure);
 * - the next ones within 10 s are only counted; when the 10 s are up, one line says how many there were
 *   (`suppressed: N`: the line stands for those N) and a new 10 s begins;
 * - the lines carry the source, the reason and the counts — never the error's message, its SQL, its bound
 *   values or its stack.
 * Requests answered 503 this way write no `request completed` line either (`isOutageRequest`): they are
 * the `suppressed` count of the `request` line.
 */
import { databaseUnavailableReason } from '../db/connection-errors.ts';

export const OUTAGE_LOG_WINDOW_MS = 10_000;

export type OutageSource =
  | 'request'
  | 'event stream'
  | 'job queue'
  | 'bulk batch'
  | 'bulk sweep'
  | 'staff alerts'
  | 'order events'
  | 'listen'
  | 'process';

interface OutageLogTarget {
  warn(obj: object, msg: string): void;
}

interface Kind {
  source: OutageSource;
  reason: string;
  message: string;
  windowStart: number;
  suppressed: number;
  timer: NodeJS.Timeout | undefined;
}

export class OutageLog {
  private readonly kinds = new Map<string, Kind>();

  constructor(
    private readonly log: OutageLogTarget,
    private readonly windowMs = OUTAGE_LOG_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records a "database unavailable" failure of `source` (`error` is only read for its reason); `message`
   * is the line's text. Returns false, logging nothing, when `error` does not mean the database is
   * unreachable: the caller logs it as it would any other error.
   */
  report(source: OutageSource, error: unknown, message = 'database unavailable'): boolean {
    const reason = databaseUnavailableReason(error);
    if (!reason) return false;
    const key = `${source}\u0000${reason}`;
    const now = this.now();
    const kind = this.kinds.get(key);
    if (!kind || now - kind.windowStart >= this.windowMs) {
      // A count still pending (its timer is late) goes out first, on its own line.
      if (kind?.timer) clearTimeout(kind.timer);
      if (kind) this.flush(key);
      this.kinds.set(key, { source, reason, message, windowStart: now, suppressed: 0, timer: undefined });
      this.write({ source, reason, message, suppressed: 0 });
      return true;
    }
    kind.suppressed += 1;
    if (!kind.timer) {
      kind.timer = setTimeout(() => this.flush(key), Math.max(0, kind.windowStart + this.windowMs - now));
      kind.timer.unref();
    }
    return true;
  }

  /** Writes the counts still pending (shutdown) and forgets every kind. */
  close(): void {
    for (const key of [...this.kinds.keys()]) this.flush(key);
    for (const kind of this.kinds.values()) if (kind.timer) clearTimeout(kind.timer);
    this.kinds.clear();
  }

  private flush(key: string): void {
    const kind = this.kinds.get(key);
    if (!kind) return;
    kind.timer = undefined;
    if (kind.suppressed === 0) return;
    this.write({ ...kind, suppressed: kind.suppressed });
    kind.windowStart = this.now();
    kind.suppressed = 0;
  }

  private write(k: { source: OutageSource; reason: string; message: string; suppressed: number }): void {
    this.log.warn(
      { outage: { source: k.source, reason: k.reason, suppressed: k.suppressed, windowMs: this.windowMs } },
      k.message,
    );
  }
}

const byLogger = new WeakMap<object, OutageLog>();

/**
 * The outage log of a logger: one per process in production (every part logs through the app's root
 * logger), one per app in tests.
 */
export function outageLogOf(log: OutageLogTarget): OutageLog {
  let outage = byLogger.get(log);
  if (!outage) {
    outage = new OutageLog(log);
    byLogger.set(log, outage);
  }
  return outage;
}

const outageRequests = new WeakSet<object>();

/** Marks a request answered 503 because the database is unreachable (counted, not logged, by RequestLogController). */
export function markOutageRequest(request: object): void {
  outageRequests.add(request);
}

export function isOutageRequest(request: object): boolean {
  return outageRequests.has(request);
}
