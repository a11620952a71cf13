import { createHash } from 'node:crypto';
import { DomainError } from '@mc/domain';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { type ProviderCallOutcome, publishProviderCall } from '../../lib/provider-calls.ts';
import { endSpan, SpanKind, startChildSpan } from '../../lib/tracing.ts';
import { keepInOutbox } from '../outbox/outbox.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
  /**
   * Sending again with the same key sends nothing new: the sandbox keeps one message per key, SMTP sends the
   * same Message-ID (derived from the key) so a receiving server or client drops the duplicate.
   */
  idempotencyKey?: string;
}

export interface EmailAdapter {
  readonly kind: 'smtp' | 'sandbox';
  send(msg: EmailMessage): Promise<void>;
}

export const EMAIL_UNAVAILABLE = 'The email could not be sent right now. Please try again later.';

export interface SmtpOptions {
  /** Connection time-out (TCP and TLS), 10 s. */
  connectionTimeoutMs?: number;
  /** Total time for one message, 12 s: the merchant hears back within 15 s. */
  sendTimeoutMs?: number;
  /** Pooled connections, 3. */
  maxConnections?: number;
}

/** A deterministic Message-ID for an idempotency key, in the sender's domain (RFC 5322 msg-id). */
function messageIdFor(key: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  const local = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return `<${local}@${domain}>`;
}

/**
 * SMTP through nodemailer when SMTP_URL is set (smtp://user:pass@host:587 or smtps://...:465): a pool of
 * reused connections, a connection time-out, a greeting time-out and an idle-socket time-out, and a bound on
 * the whole send. A message is never re-sent by this adapter (the server may have accepted it already); a
 * failure is the UNAVAILABLE error with a plain message, never the SMTP server's reply.
 */
export function smtpEmail(smtpUrl: string, from: string, opts: SmtpOptions = {}): EmailAdapter {
  const connectionTimeout = opts.connectionTimeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: opts.maxConnections ?? 3,
    maxMessages: 100,
    connectionTimeout,
    greetingTimeout: Math.min(connectionTimeout, 10_000),
    socketTimeout: opts.sendTimeoutMs ?? 12_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const sendTimeout = opts.sendTimeoutMs ?? 12_000;
  return {
    kind: 'smtp',
    async send(msg) {
      let timer: NodeJS.Timeout | undefined;
      const started = Date.now();
      let outcome: ProviderCallOutcome = 'network_error';
      const span = startChildSpan(() => ({
        name: 'send smtp',
        kind: SpanKind.CLIENT,
        attributes: { 'mc.provider': 'smtp' },
      }));
      try {
        await Promise.race([
          transport.sendMail({
            from,
            to: msg.to,
            subject: msg.subject,
            text: msg.text,
            html: msg.html,
            attachments: msg.attachments,
            ...(msg.idempotencyKey ? { messageId: messageIdFor(msg.idempotencyKey, from) } : {}),
          }),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('SMTP send timed out')), sendTimeout);
          }),
        ]);
        outcome = 'success';
      } catch (err) {
        // A numbered SMTP reply is the server's answer (5xx: refused for good, 4xx: failed for now); no reply
        // at all is the connection's failure or the time-out.
        const code = (err as { responseCode?: number }).responseCode;
        if (code) outcome = code >= 500 ? 'refused' : 'failed';
        else if (/timed out|timeout/i.test(String((err as Error).message))) outcome = 'timeout';
        throw new DomainError('UNAVAILABLE', EMAIL_UNAVAILABLE);
      } finally {
        clearTimeout(timer);
        publishProviderCall({ provider: 'smtp', outcome, seconds: (Date.now() - started) / 1000 });
        endSpan(span, outcome !== 'success', { 'mc.outcome': outcome });
      }
    },
  };
}

/** The default: keeps the message in the outbox shown at /dev/outbox. */
export function sandboxEmail(db: Db): EmailAdapter {
  return {
    kind: 'sandbox',
    async send(msg) {
      await keepInOutbox(db, {
        kind: 'email',
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        meta: msg.attachments?.length
          ? { attachments: msg.attachments.map((a) => ({ filename: a.filename, bytes: a.content.length })) }
          : undefined,
        idempotencyKey: msg.idempotencyKey,
      });
    },
  };
}
