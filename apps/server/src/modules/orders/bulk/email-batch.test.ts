/**
 * Batch emails exactly once (docs/decisions/0086): the worker dies after the email went out but before the
 * batch's emailed_at mark; the batch runs again and no second email is sent.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AppContext } from '../../../context.ts';
import { batches, outboxMessages } from '../../../db/schema.ts';
import { buildMerchantWithOwner, buildOrder, useTestApp } from '../../../test/harness.ts';
import { readBatchRow } from './batch-store.ts';
import { runBatch } from './run-batch.ts';
import { insertOwnerBatch } from './test-fixtures.ts';

const t = useTestApp();

const mailsOf = async (batchId: string) =>
  (await t.ctx.database.db.select().from(outboxMessages)).filter((m) => m.text.includes(batchId));

it('a re-run after a crash between the send and the emailed_at mark sends no second email', async () => {
  const owner = await buildMerchantWithOwner(t);
  const id = await buildOrder(t.ctx, { merchantTmk: owner.merchant.tmk, status: 'SUBMITTED' });
  const batchId = await insertOwnerBatch(t.ctx, owner, 'details', [id]);
  // The process "dies" right after the adapter accepted the message: the mark is never written.
  const crashing: AppContext = {
    ...t.ctx,
    adapters: {
      ...t.ctx.adapters,
      email: {
        kind: t.ctx.adapters.email.kind,
        async send(msg) {
          await t.ctx.adapters.email.send(msg);
          throw new Error('killed after the send');
        },
      },
    },
  };
  await expect(runBatch(crashing, batchId, { emailAfterMs: 0 })).rejects.toThrow('killed after the send');
  expect((await readBatchRow(t.ctx, batchId))?.emailed_at).toBeNull();
  expect(await mailsOf(batchId)).toHaveLength(1);

  // Resumed (the job is retried): the batch is marked emailed, and still one email.
  await runBatch(t.ctx, batchId, { emailAfterMs: 0 });
  const [row] = await t.ctx.database.db.select().from(batches).where(eq(batches.id, batchId));
  expect(row?.emailed_at).toBeInstanceOf(Date);
  expect(await mailsOf(batchId)).toHaveLength(1);
  // A third run (a duplicate job) changes nothing either.
  await runBatch(t.ctx, batchId, { emailAfterMs: 0 });
  expect(await mailsOf(batchId)).toHaveLength(1);
});
