/**
 * One LISTEN connection to a PostgreSQL server, for any number of channels, that comes back by itself:
 * when the connection drops (server restart, pg_terminate_backend, network), it reconnects with
 * back-off (250 ms doubling to 2 s, so it is listening again within ~2 s of the server accepting
 * connections) and LISTENs to every channel again. Notifications sent while it was away are lost —
 * NOTIFY is not durable; `onReconnect` lets a subscriber catch up from the database.
 */
import pg from 'pg';

export interface PgListenerLog {
  warn: (obj: unknown, msg: string) => void;
  info?: (obj: unknown, msg: string) => void;
}

export interface PgListener {
  /** Subscribes to `channel` (LISTEN at once if connected, and again after every reconnect). */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  /** Called after a lost connection is back (not on the first connect). */
  onReconnect(fn: () => void): void;
  readonly connected: boolean;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

export async function createPgListener(
  connectionString: string,
  log: PgListenerLog,
  opts: { minDelayMs?: number; maxDelayMs?: number; applicationName?: string } = {},
): Promise<PgListener> {
  const minDelay = opts.minDelayMs ?? 250;
  const maxDelay = opts.maxDelayMs ?? 2000;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnected = new Set<() => void>();
  let client: pg.Client | null = null;
  let live = false;
  let stopped = false;
  let failures = 0;
  let everConnected = false;
  let retry: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopped || retry) return;
    const delay = Math.min(maxDelay, minDelay * 2 ** Math.min(failures, 10));
    failures += 1;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  };

  /** Drops `c` (once) and schedules a reconnect. */
  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = null;
    live = false;
    c.end().catch(() => {});
    if (stopped) return;
    if (failures === 0) log.warn({ err }, 'LISTEN connection lost; reconnecting');
    schedule();
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const c = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5000,
      application_name: opts.applicationName ?? 'merchant-console-listen',
    });
    client = c;
    c.on('notification', (msg) => {
      if (!msg.payload) return;
      for (const h of handlers.get(msg.channel) ?? []) {
        try {
          h(msg.payload);
        } catch (err) {
          log.warn({ err, channel: msg.channel }, 'notification handler failed');
        }
      }
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN "${channel}"`);
    } catch (err) {
      lost(c, err);
      return;
    }
    if (client !== c) return;
    live = true;
    const wasLost = everConnected;
    everConnected = true;
    if (failures > 0) log.info?.({ attempts: failures }, 'LISTEN connection back');
    failures = 0;
    if (wasLost) for (const fn of reconnected) fn();
  };

  await connect();

  return {
    async listen(channel, handler) {
      if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const c = client;
        if (c && live) await c.query(`LISTEN "${channel}"`).catch((err) => lost(c, err));
      }
      set.add(handler);
    },
    onReconnect(fn) {
      reconnected.add(fn);
    },
    get connected() {
      return live;
    },
    async close() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      live = false;
      await c?.end().catch(() => {});
    },
  };
}
