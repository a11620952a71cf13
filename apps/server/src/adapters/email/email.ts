import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { keepInOutbox } from '../outbox/outbox.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface EmailAdapter {
  readonly kind: 'smtp' | 'sandbox';
  send(msg: EmailMessage): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set. */
export function smtpEmail(smtpUrl: string, from: string): EmailAdapter {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(msg) {
      await transport.sendMail({ from, ...msg });
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
      });
    },
  };
}
