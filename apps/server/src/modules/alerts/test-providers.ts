/**
 * Stand-ins for the providers alerts go through, speaking their wire formats (tests only): Twilio's
 * Messages resource (create, and the list a retry consults) over the shared HTTP stand-in, and an SMTP
 * server (smtp-server) that parses what it receives.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Answer, RecordedRequest } from '../../test/stand-in.ts';

export interface TwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  date_created: string;
  status: string;
}

/**
 * Twilio's Messages API as far as alerts use it: POST …/Messages.json keeps the message (201, Twilio's
 * body), GET …/Messages.json?To= lists them newest first. `refuse` answers a number with a Twilio error.
 */
export function fakeTwilio() {
  const messages: TwilioMessage[] = [];
  const refused = new Map<string, { status: number; code: number; message: string }>();
  let n = 0;
  const handler = (req: RecordedRequest): Answer => {
    if (!/\/Messages\.json$/.test(req.path))
      return { status: 404, body: { code: 20404, message: 'Not found' } };
    if (req.method === 'GET') {
      const to = req.query.get('To');
      const list = messages.filter((m) => !to || m.to === to).reverse();
      return { status: 200, body: { messages: list, page: 0, page_size: 50 } };
    }
    const form = req.form();
    const to = form.get('To') ?? '';
    const refusal = refused.get(to);
    if (refusal)
      return {
        status: refusal.status,
        body: { ...refusal, more_info: `https://www.twilio.com/docs/errors/${refusal.code}` },
      };
    const m: TwilioMessage = {
      sid: `SM${String(++n).padStart(32, '0')}`,
      to,
      from: form.get('From') ?? '',
      body: form.get('Body') ?? '',
      date_created: new Date().toUTCString().replace('GMT', '+0000'),
      status: 'queued',
    };
    messages.push(m);
    return { status: 201, body: m };
  };
  return {
    messages,
    handler,
    to: (number: string) => messages.filter((m) => m.to === number),
    refuse(number: string, code: number, message: string, status = 400) {
      refused.set(number, { status, code, message });
    },
    reset() {
      messages.length = 0;
      refused.clear();
    },
  };
}

export interface SmtpStandIn {
  url: string;
  mails: ParsedMail[];
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) =>
      mails.filter((m) => {
        const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
        return to.some((a) => a.value.some((v) => v.address?.toLowerCase() === address.toLowerCase()));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
