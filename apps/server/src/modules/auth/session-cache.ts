/**
 * Verified sessions, kept in this process for a moment so an authenticated request costs no separate
 * session query (docs/decisions/0106). An entry is the principal a bearer token resolved
 * to (user, roles, merchant row), keyed by a SHA-256 of the token (never the token itself), and it goes:
 * - at once when this process hears that the user's sessions ended or changed (logout, password change
 *   or reset, team revoke, role or profile change: SESSION_REVOKED) or that the merchant row changed
 *   (MERCHANT_CHANGED), whichever process made the change (session-events.ts: pg_notify on a PostgreSQL
 *   server, the in-process bus on PGlite);
 * - all of them when the LISTEN connection comes back after a drop (notifications sent meanwhile are lost);
 * - after `ttlMs` (≤ 2 s) whatever happens: the backstop for a notification that never arrives;
 * - when the session itself expires, and the least recently used when the cache is full.
 * A lookup that started before an invalidation never stores its (possibly stale) answer: every
 * invalidation advances `epoch`, and `set` only stores what was read in the current epoch.
 */
import { createHash } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { Principal } from '../../lib/principal.ts';
import {
  MERCHANT_CHANGED,
  type MerchantChangedEvent,
  SESSION_REVOKED,
  type SessionRevokedEvent,
} from './session-events.ts';

/** How long an entry may be served without hearing from the database (the backstop of a lost NOTIFY). */
export const SESSION_CACHE_TTL_MS = 1000;
/** Entries kept at most (least recently used go first). */
export const SESSION_CACHE_MAX = 5000;

interface Entry {
  principal: Principal;
  /** Served until then (cache TTL, never past the session's own end). */
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Lookups under way, by key, with the epoch they started in. */
  private readonly pending = new Map<string, { epoch: number; principal: Promise<Principal> }>();
  private epochValue = 0;
  constructor(
    /** Writable for the tests that prove a notification alone ends a session (a long TTL cannot). */
    public ttlMs = SESSION_CACHE_TTL_MS,
    readonly max = SESSION_CACHE_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key of a bearer token (a hash: the cache never holds a credential). */
  static key(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  /** Advances on every invalidation; `set` compares it with the value read before the lookup. */
  get epoch(): number {
    return this.epochValue;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): Principal | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.principal;
  }

  /** Stores a principal read while `epoch` was current; ignored if anything was invalidated since. */
  set(key: string, principal: Principal, sessionExpiresAt: number, epoch: number): void {
    if (epoch !== this.epochValue || this.ttlMs <= 0) return;
    const until = Math.min(this.now() + this.ttlMs, sessionExpiresAt);
    this.entries.delete(key);
    this.entries.set(key, { principal, until });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  /**
   * The cached principal, else the one `load` reads (and stores). Requests that miss together while
   * nothing was invalidated share one `load` (when the TTL ends under load, every open connection
   * misses at once): a request that arrives after an invalidation never joins a lookup started before
   * it, so what it gets is never older than what a cache hit would give.
   */
  resolve(key: string, load: () => Promise<{ principal: Principal; expiresAt: number }>): Promise<Principal> {
    const hit = this.get(key);
    if (hit) return Promise.resolve(hit);
    const epoch = this.epochValue;
    const under = this.pending.get(key);
    if (under && under.epoch === epoch) return under.principal;
    const principal = load().then(({ principal, expiresAt }) => {
      this.set(key, principal, expiresAt, epoch);
      return principal;
    });
    const entry = { epoch, principal };
    this.pending.set(key, entry);
    const done = () => {
      if (this.pending.get(key) === entry) this.pending.delete(key);
    };
    principal.then(done, done);
    return principal;
  }

  /** The user's sessions ended or changed: `sessionId` alone when only that one ended (logout). */
  dropUser(userId: string, sessionId?: string): void {
    this.epochValue++;
    for (const [key, e] of this.entries) {
      if (e.principal.userId !== userId) continue;
      if (sessionId && e.principal.sessionId !== sessionId) continue;
      this.entries.delete(key);
    }
  }

  /** The merchant row changed (settings, onboarding): the principals acting for it carry a copy. */
  dropMerchant(merchantId: string): void {
    this.epochValue++;
    for (const [key, e] of this.entries) if (e.principal.merchantId === merchantId) this.entries.delete(key);
  }

  clear(): void {
    this.epochValue++;
    this.entries.clear();
  }
}

/** One cache per app (keyed by its event bus, which every copy of its context shares). */
const caches = new WeakMap<EventEmitter, SessionCache>();

export function sessionCacheOf(ctx: { events: EventEmitter }): SessionCache {
  let cache = caches.get(ctx.events);
  if (!cache) {
    const c = new SessionCache();
    ctx.events.on(SESSION_REVOKED, (e: SessionRevokedEvent) => c.dropUser(e.user_id, e.session_id));
    ctx.events.on(MERCHANT_CHANGED, (e: MerchantChangedEvent) => c.dropMerchant(e.merchant_id));
    caches.set(ctx.events, c);
    cache = c;
  }
  return cache;
}
