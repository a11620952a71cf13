/**
 * What the console promises: 'Your download is taking longer than expected. We'll send you an email with the download
 * attached when it's ready.' A download batch that finishes after the console stopped polling is sent
 * to the person who started it, with the file attached (up to 10 MB) and a signed download link.
 * Sent once: the message carries the idempotency key `batchEmailKey(batchId)`, so a re-run after a crash
 * between the send and the emailed_at mark sends nothing new (the sandbox keeps one message per key; SMTP
 * repeats the same Message-ID). emailed_at is set after the adapter accepted the message
 * (docs/decisions/0086).
 */
import type { BatchFileKind } from '@mc/api';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { batches, batchFiles, merchants, users } from '../../../db/schema.ts';
import type { BatchRow } from './batch-store.ts';
import { batchFilePath } from './download-links.ts';

const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** The batch email's idempotency key: one email per batch, whatever the number of runs. */
function batchEmailKey(batchId: string): string {
  return `batch-email:${batchId}`;
}

export function shouldEmail(batch: BatchRow, finishedAt: Date, emailAfterMs: number): boolean {
  return (
    batch.kind !== 'accept' &&
    !batch.emailed_at &&
    finishedAt.getTime() - batch.created_at.getTime() >= emailAfterMs
  );
}

export async function emailBatchFile(ctx: AppContext, batchId: string): Promise<boolean> {
  const [row] = await ctx.database.db
    .select({
      batch: batches,
      email: users.email,
      first_name: users.first_name,
      tmk: merchants.tmk,
      merchant_name: merchants.name,
    })
    .from(batches)
    .innerJoin(merchants, eq(merchants.id, batches.merchant_id))
    .leftJoin(users, eq(users.id, batches.created_by))
    .where(and(eq(batches.id, batchId), isNull(batches.emailed_at)))
    .limit(1);
  if (!row?.email) return false;
  const kind: BatchFileKind = row.batch.kind === 'details' ? 'csv' : 'zip';
  const [file] = await ctx.database.db
    .select()
    .from(batchFiles)
    .where(and(eq(batchFiles.batch_id, batchId), inArray(batchFiles.kind, [kind])))
    .limit(1);
  if (!file) return false;
  const link = `${ctx.config.publicUrl}${batchFilePath(ctx.config, row.tmk, batchId, kind)}`;
  const what = row.batch.kind === 'details' ? 'order details' : 'order reports';
  const text = [
    `Hello ${row.first_name ?? ''},`.replace(' ,', ','),
    '',
    `Your download of the selected ${what} for ${row.merchant_name} is ready.`,
    file.content.length <= MAX_ATTACHMENT_BYTES
      ? `It is attached to this email (${file.filename}).`
      : 'The file is too large to attach.',
    '',
    `Download it here (the link works for 24 hours): ${link}`,
    '',
    `${ctx.config.siteName}`,
  ].join('\n');
  await ctx.adapters.email.send({
    to: row.email,
    subject: `Your ${what} download is ready`,
    text,
    html: `<p>Your download of the selected ${what} for ${escapeHtml(row.merchant_name)} is ready.</p><p><a href="${escapeHtml(link)}">Download ${escapeHtml(file.filename)}</a> (the link works for 24 hours).</p><p>${escapeHtml(ctx.config.siteName)}</p>`,
    attachments:
      file.content.length <= MAX_ATTACHMENT_BYTES
        ? [{ filename: file.filename, content: file.content, contentType: file.content_type }]
        : undefined,
    idempotencyKey: batchEmailKey(batchId),
  });
  await ctx.database.db.update(batches).set({ emailed_at: new Date() }).where(eq(batches.id, batchId));
  return true;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
