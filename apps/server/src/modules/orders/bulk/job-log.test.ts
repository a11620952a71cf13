/**
 * The worker's job lines (docs/operations.md, Logs): each job logs its start and its end at info, with the
 * queue, the batch id, the attempt, the duration and the outcome, so an operator can follow a batch.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { BULK_QUEUE, type BulkJobs, startBulkJobs } from './bulk-queue.ts';

type Line = { level: 'info' | 'warn' | 'error'; obj: Record<string, unknown>; msg: string };
const lines: Line[] = [];
const capture = (level: Line['level']) => (obj: unknown, msg?: string) => {
  lines.push({ level, obj: (obj ?? {}) as Record<string, unknown>, msg: msg ?? '' });
};
const log = { info: capture('info'), warn: capture('warn'), error: capture('error') };

const t = useTestApp();
let jobs: BulkJobs;

beforeAll(async () => {
  jobs = await startBulkJobs(t.ctx, { log: log as never, sweepIntervalMs: 60_000 });
});

it('logs the start and the end of each job with its batch, duration and outcome', async () => {
  const batchId = randomUUID(); // no such batch: the job has nothing to do and completes
  await jobs.enqueue(batchId);
  for (let i = 0; i < 300 && !lines.some((l) => l.msg === 'job finished'); i++)
    await new Promise((r) => setTimeout(r, 100));

  const started = lines.find((l) => l.msg === 'job started');
  const finished = lines.find((l) => l.msg === 'job finished');
  expect(started).toMatchObject({ level: 'info', obj: { job: BULK_QUEUE, batchId, attempt: 1 } });
  expect(started?.obj.jobId).toEqual(expect.any(String));
  expect(finished).toMatchObject({
    level: 'info',
    obj: { job: BULK_QUEUE, batchId, attempt: 1, outcome: 'done', jobId: started?.obj.jobId },
  });
  expect(finished?.obj.durationMs).toEqual(expect.any(Number));
  expect(lines.indexOf(started as Line)).toBeLessThan(lines.indexOf(finished as Line));
});
