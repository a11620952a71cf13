/**
 * SMTP through nodemailer against a local SMTP server (smtp-server on 127.0.0.1, a random port): the message
 * as received (envelope, headers, text and HTML parts, links), authentication, the pool, and failures
 * (a refused message, a server that never greets) bounded in time.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { DomainError } from '@mc/domain';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { type ProviderCall, providerCallChannel } from '../../lib/provider-calls.ts';
import { buildUser, createTestApp, TEST_DB, type TestApp } from '../../test/harness.ts';
import { EMAIL_UNAVAILABLE, smtpEmail } from './email.ts';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  mail: ParsedMail;
}
let server: SMTPServer;
let port: number;
const received: Received[] = [];
let refuseNext = false;
let connections = 0;

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onConnect(_session, cb) {
      connections++;
      cb();
    },
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 'mail-pass')
        return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (refuseNext) {
          refuseNext = false;
          const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
          err.responseCode = 550;
          return cb(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          mail: await simpleParser(Buffer.concat(chunks)),
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  received.length = 0;
});

const FROM = 'Merchant Console <no-reply@console.test>';
const url = () => `smtp://mailer:mail-pass@127.0.0.1:${port}`;

describe('SMTP adapter', () => {
  it('delivers text and HTML parts with the headers and links, authenticated', async () => {
    const email = smtpEmail(url(), FROM);
    await email.send({
      to: 'ada@shop.test',
      subject: 'Your labels are ready — Rose & Co',
      text: 'Open https://console.test/orders/1 to print them.',
      html: '<p>Open <a href="https://console.test/orders/1">the order</a> to print them.</p>',
    });
    expect(received).toHaveLength(1);
    const r = received[0]!;
    expect(r.user).toBe('mailer');
    expect(r.from).toBe('no-reply@console.test');
    expect(r.to).toEqual(['ada@shop.test']);
    expect(r.mail.from?.value).toEqual([{ address: 'no-reply@console.test', name: 'Merchant Console' }]);
    expect(r.mail.subject).toBe('Your labels are ready — Rose & Co');
    expect(r.mail.messageId).toMatch(/^<.+@.+>$/);
    expect(r.mail.date).toBeInstanceOf(Date);
    expect(r.mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(r.mail.text?.trim()).toBe('Open https://console.test/orders/1 to print them.');
    expect(r.mail.html).toContain('<a href="https://console.test/orders/1">the order</a>');
  });

  it('a message sent again with the same idempotency key has the same Message-ID', async () => {
    const email = smtpEmail(url(), FROM);
    const msg = { to: 'ada@shop.test', subject: 'Your download is ready', text: 'x' };
    await email.send({ ...msg, idempotencyKey: 'batch-email:b-1' });
    await email.send({ ...msg, idempotencyKey: 'batch-email:b-1' });
    await email.send({ ...msg, idempotencyKey: 'batch-email:b-2' });
    await email.send(msg);
    const ids = received.map((r) => r.mail.messageId);
    expect(ids[0]).toMatch(/^<[0-9a-f]{32}@console\.test>$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids[3]).not.toBe(ids[0]);
  });

  it('reuses pooled connections for several messages', async () => {
    const email = smtpEmail(url(), FROM);
    const before = connections;
    await Promise.all(
      [1, 2, 3, 4, 5].map((i) => email.send({ to: `u${i}@shop.test`, subject: `m${i}`, text: 'x' })),
    );
    expect(received).toHaveLength(5);
    expect(connections - before).toBeLessThanOrEqual(3);
  });

  it('a refused message (550) or bad credentials → UNAVAILABLE with a plain message, not re-sent', async () => {
    const outcomes: string[] = [];
    const seen = (m: unknown) => outcomes.push((m as ProviderCall).outcome);
    providerCallChannel.subscribe(seen);
    onTestFinished(() => {
      providerCallChannel.unsubscribe(seen);
    });
    refuseNext = true;
    const err = await smtpEmail(url(), FROM)
      .send({ to: 'a@shop.test', subject: 's', text: 't' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).message).toBe(EMAIL_UNAVAILABLE);
    const bad = await smtpEmail(`smtp://mailer:wrong@127.0.0.1:${port}`, FROM)
      .send({ to: 'a@shop.test', subject: 's', text: 't' })
      .catch((e: unknown) => e);
    expect((bad as DomainError).code).toBe('UNAVAILABLE');
    expect(received).toHaveLength(0);
    // The metrics' view of both (lib/provider-calls.ts): the SMTP server answered no, for good.
    expect(outcomes).toEqual(['refused', 'refused']);
  });

  it('a server that accepts the connection but never greets → UNAVAILABLE after the time-out', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentPort = (silent.address() as AddressInfo).port;
    const started = Date.now();
    const err = await smtpEmail(`smtp://127.0.0.1:${silentPort}`, FROM, {
      connectionTimeoutMs: 300,
      sendTimeoutMs: 800,
    })
      .send({ to: 'a@shop.test', subject: 's', text: 't' })
      .catch((e: unknown) => e);
    expect((err as DomainError).code).toBe('UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  });
});

describe(`password reset email through SMTP (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        smtpUrl: url(),
        mailFrom: FROM,
        publicUrl: 'https://console.test',
        siteName: 'Corner Cellar',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the received message names the configured site and carries the reset link in both parts, and the link works', async () => {
    expect(t.ctx.adapters.email.kind).toBe('smtp');
    await buildUser(t.ctx, { email: 'reset.me@shop.test' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/a/v2/accounts/password_token',
      payload: { email: 'reset.me@shop.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(received).toHaveLength(1);
    const { mail, to } = received[0]!;
    expect(to).toEqual(['reset.me@shop.test']);
    expect(mail.subject).toBe('Reset your Corner Cellar password');
    expect(mail.text).toContain('reset the password of your Corner Cellar account');
    expect(mail.html).toContain('reset the password of your Corner Cellar account');
    expect(mail.from?.value).toEqual([{ address: 'no-reply@console.test', name: 'Merchant Console' }]);
    const textLink = mail.text?.match(/https:\/\/console\.test\/forgot\/password-reset\/([\w-]+)/);
    expect(textLink).toBeTruthy();
    expect(mail.html).toContain(`<a href="${textLink![0]}">Choose a new password</a>`);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/a/v2/accounts/password',
      payload: { reset_token: textLink![1], new_password: 'a-new-password-1' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });
});
