/**
 * Waiting for something another request is doing (a purchase in flight under the same key), bounded in
 * time. The clock is injected so a test can run the wait without real timers.
 */

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface BoundedWait {
  /** Pause between two attempts. */
  intervalMs: number;
  /** No attempt starts after this long (from the first one). */
  timeoutMs: number;
  clock?: Clock;
}

export type WaitOutcome<T> = { done: true; value: T } | { done: false; attempts: number };

/**
 * Calls `attempt` until it answers something other than `undefined`, pausing `intervalMs` between calls,
 * and gives up once `timeoutMs` has passed since the first call. An attempt that throws ends the wait.
 */
export async function waitFor<T>(
  attempt: () => Promise<T | undefined>,
  opts: BoundedWait,
): Promise<WaitOutcome<T>> {
  const clock = opts.clock ?? systemClock;
  const deadline = clock.now() + opts.timeoutMs;
  for (let attempts = 1; ; attempts++) {
    const value = await attempt();
    if (value !== undefined) return { done: true, value };
    if (clock.now() > deadline) return { done: false, attempts };
    await clock.sleep(opts.intervalMs);
  }
}
