import { describe, expect, it } from 'vitest';
import { type Clock, waitFor } from './bounded-wait.ts';

/** A clock whose sleep moves time on at once, recording each pause. */
function manualClock(start = 1_000) {
  let now = start;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  return { clock, sleeps, advance: (ms: number) => (now += ms) };
}

describe('waitFor', () => {
  it('answers the first value an attempt gives, without waiting when it is there at once', async () => {
    const { clock, sleeps } = manualClock();
    expect(await waitFor(async () => 'ready', { intervalMs: 50, timeoutMs: 1_000, clock })).toEqual({
      done: true,
      value: 'ready',
    });
    expect(sleeps).toEqual([]);
  });

  it('tries again every interval until a value comes', async () => {
    const { clock, sleeps } = manualClock();
    let n = 0;
    const outcome = await waitFor(async () => (++n === 4 ? n : undefined), {
      intervalMs: 50,
      timeoutMs: 1_000,
      clock,
    });
    expect(outcome).toEqual({ done: true, value: 4 });
    expect(sleeps).toEqual([50, 50, 50]);
  });

  it('gives up once the time is over: one attempt past the deadline, then no more', async () => {
    const { clock, sleeps } = manualClock();
    let n = 0;
    const outcome = await waitFor(
      async () => {
        n++;
        return undefined;
      },
      { intervalMs: 50, timeoutMs: 200, clock },
    );
    // Attempts at 0, 50, 100, 150, 200 (not yet over), 250 (over): six attempts, five pauses.
    expect(outcome).toEqual({ done: false, attempts: 6 });
    expect(n).toBe(6);
    expect(sleeps).toEqual([50, 50, 50, 50, 50]);
  });

  it('counts the time the attempts themselves take', async () => {
    const { clock, advance } = manualClock();
    const outcome = await waitFor(
      async () => {
        advance(400);
        return undefined;
      },
      { intervalMs: 50, timeoutMs: 500, clock },
    );
    expect(outcome).toEqual({ done: false, attempts: 2 });
  });

  it('an attempt that throws ends the wait with its error', async () => {
    const { clock } = manualClock();
    await expect(
      waitFor(
        async () => {
          throw new Error('gone');
        },
        { intervalMs: 50, timeoutMs: 500, clock },
      ),
    ).rejects.toThrow('gone');
  });
});
