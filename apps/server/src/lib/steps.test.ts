import { afterEach, describe, expect, it } from 'vitest';
import { setServerErrorReporter } from './error-reporting.ts';
import { createStep, runSteps, type StepLog } from './steps.ts';

function recordingLog() {
  const lines: { level: 'info' | 'error'; obj: Record<string, unknown>; msg: string }[] = [];
  const log: StepLog = {
    info: (obj, msg) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
  return { log, lines };
}

/** A step that records its run and its compensation in `calls`. */
function tracked(name: string, calls: string[], opts: { failRun?: boolean; failUndo?: boolean } = {}) {
  return createStep(
    name,
    async (input: number) => {
      calls.push(`run ${name}`);
      if (opts.failRun) throw new Error(`${name} refused`);
      return input * 10;
    },
    async (input, output) => {
      calls.push(`undo ${name} (${input} → ${output})`);
      if (opts.failUndo) throw new Error(`${name} undo failed`);
      return `undid ${name}`;
    },
  );
}

afterEach(() => setServerErrorReporter(null));

describe('runSteps', () => {
  it('runs the steps in order and answers the body’s result; nothing is compensated on success', async () => {
    const calls: string[] = [];
    const { log, lines } = recordingLog();
    const result = await runSteps({ log }, async (run) => {
      const a = await run(tracked('a', calls), 1);
      const b = await run(tracked('b', calls), 2);
      calls.push('write');
      return a + b;
    });
    expect(result).toBe(30);
    expect(calls).toEqual(['run a', 'run b', 'write']);
    expect(lines).toEqual([]);
  });

  it('when the final write throws, compensates the completed steps newest first and rethrows the same error', async () => {
    const calls: string[] = [];
    const { log, lines } = recordingLog();
    const writeFailed = new Error('database write failed');
    const outcome = runSteps({ log, context: { order_id: 'o-1' } }, async (run) => {
      await run(tracked('a', calls), 1);
      await run(tracked('b', calls), 2);
      await run(tracked('c', calls), 3);
      throw writeFailed;
    });
    await expect(outcome).rejects.toBe(writeFailed);
    expect(calls).toEqual([
      'run a',
      'run b',
      'run c',
      'undo c (3 → 30)',
      'undo b (2 → 20)',
      'undo a (1 → 10)',
    ]);
    expect(lines.map((l) => [l.level, l.msg, l.obj.step, l.obj.outcome, l.obj.order_id])).toEqual([
      ['info', 'step compensated', 'c', 'undid c', 'o-1'],
      ['info', 'step compensated', 'b', 'undid b', 'o-1'],
      ['info', 'step compensated', 'a', 'undid a', 'o-1'],
    ]);
  });

  it('when a later step throws, compensates only the steps before it (the failing one did not complete)', async () => {
    const calls: string[] = [];
    const outcome = runSteps({}, async (run) => {
      await run(tracked('a', calls), 1);
      await run(tracked('b', calls, { failRun: true }), 2);
      await run(tracked('c', calls), 3);
      return 'unreachable';
    });
    await expect(outcome).rejects.toThrow('b refused');
    expect(calls).toEqual(['run a', 'run b', 'undo a (1 → 10)']);
  });

  it('a failing compensation is logged and reported, the others still run, and the original error is rethrown', async () => {
    const calls: string[] = [];
    const reported: { error: unknown; context?: Record<string, unknown> }[] = [];
    setServerErrorReporter((error, context) => reported.push({ error, context }));
    const { log, lines } = recordingLog();
    const writeFailed = new TypeError('write failed');
    const outcome = runSteps({ log, context: { order_id: 'o-2' } }, async (run) => {
      await run(tracked('a', calls), 1);
      await run(tracked('b', calls, { failUndo: true }), 2);
      throw writeFailed;
    });
    await expect(outcome).rejects.toBe(writeFailed);
    expect(calls).toEqual(['run a', 'run b', 'undo b (2 → 20)', 'undo a (1 → 10)']);
    expect(lines.map((l) => [l.level, l.obj.step, l.obj.outcome, l.obj.cause])).toEqual([
      ['error', 'b', 'compensation failed', 'TypeError'],
      ['info', 'a', 'undid a', 'TypeError'],
    ]);
    expect(reported).toHaveLength(1);
    expect(String(reported[0]!.error)).toContain('b undo failed');
    expect(reported[0]!.context).toMatchObject({ step: 'b', compensation: 'failed', order_id: 'o-2' });
  });

  it('a compensation that answers nothing is logged as compensated', async () => {
    const { log, lines } = recordingLog();
    const step = createStep(
      'quiet',
      async () => 'done',
      async () => undefined,
    );
    await expect(
      runSteps({ log }, async (run) => {
        await run(step, null);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(lines[0]!.obj.outcome).toBe('compensated');
  });
});
