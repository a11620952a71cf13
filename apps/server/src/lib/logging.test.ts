/**
 * Logs carry no secret (docs/security.md, "Logs"). The real flows run at LOG_LEVEL=trace with the whole log
 * captured in memory: sign-up, login (right and wrong password), authenticated calls with the token in
 * the header and in the console's cookie, forgot → the reset page's URL → reset, invitation (generated
 * password) and the invitee's login, the event stream (ticket, and a refused ?access_token=), a profile
 * password change, logout, the marketplace intake with its key, a signed label link and an OIDC callback.
 * Not one of the secrets used may appear anywhere in the output.
 */
import type { AddressInfo } from 'node:net';
import { orderEventsPath } from '@mc/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../adapters/outbox/outbox.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { eventsUrl, openStream, ticketFor, until } from '../modules/orders/events/stream-test-helpers.ts';
import { createTestDatabase } from '../test/harness.ts';
import { captureLog } from '../test/log-lines.ts';
import { setServerErrorReporter } from './error-reporting.ts';
import { REDACTED } from './logging.ts';

const JWT_SECRET = 'log-test-jwt-secret-0123456789-abcdefghij';
const MARKETPLACE_KEY = 'log-test-marketplace-key-9f8e7d6c5b4a';
const CLIENT_CREDENTIAL = 'merchant-console:public';

let app: FastifyInstance;
let database: Database;
let base: string;
const capturedLog = captureLog();
const logText = () => capturedLog.chunks.join('');
let boomToken = '';
const reported: { error: string; context?: Record<string, unknown> }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // Settings as an operator would give them: LOG_LEVEL=trace and the secrets from the environment.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'trace',
    JWT_SECRET,
    MARKETPLACE_KEY,
    DATA_DIR: '/tmp/mc-test-unused',
    SEED_DEMO: 'false',
  });
  ({ app } = await buildApp({ config, database, logStream: capturedLog.stream }));
  // An unexpected failure whose message quotes a session token (the 5xx path: error log and Sentry).
  app.get('/test/boom', async () => {
    throw new Error(`upstream refused Authorization: Bearer ${boomToken} (${boomToken})`);
  });
  setServerErrorReporter((error, context) => reported.push({ error: String(error), context }));
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  setServerErrorReporter(null);
  await app?.close();
  await database?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function mailTo(email: string): Promise<string> {
  const mail = (await listOutbox(database.db)).find((m) => m.to.toLowerCase() === email.toLowerCase());
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail.text;
}

describe('logs at trace level', () => {
  it('carry none of the secrets used by the auth, reset, invitation and event-stream flows', async () => {
    const secrets: Record<string, string> = { JWT_SECRET, MARKETPLACE_KEY };
    const email = `log-owner-${Date.now()}@test.test`;
    const password = 'Sign-up-pass-4fj29x';
    secrets.signUpPassword = password;

    // Sign-up and login (a wrong password first).
    let res = await app.inject({
      method: 'POST',
      url: '/a/v2/users',
      headers: { authorization: `Basic ${Buffer.from(CLIENT_CREDENTIAL).toString('base64')}` },
      payload: { first_name: 'Log', last_name: 'Owner', email, password, birthday: '1990-01-01' },
    });
    expect(res.statusCode, res.body).toBe(201);
    secrets.wrongPassword = 'Wrong-pass-zq81mv0';
    res = await app.inject({
      method: 'POST',
      url: '/a/v2/login',
      payload: { email, password: secrets.wrongPassword },
    });
    expect(res.statusCode).toBe(401);
    res = await app.inject({ method: 'POST', url: '/a/v2/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    const token1 = res.json().token as string;
    const userId = res.json().user.id as string;
    const tmk = res.json().user.aux_data.authorized_merchant as string;
    secrets.token1 = token1;

    // The console sends the token as a bearer header and mirrors it in a cookie.
    res = await app.inject({
      url: `/a/v2/users/${userId}`,
      headers: { ...bearer(token1), cookie: `token=${token1}; tmk=${tmk}` },
    });
    expect(res.statusCode).toBe(200);

    // An API key: made (the answer carries it, once), used as a bearer, and sent where it does not belong.
    res = await app.inject({
      method: 'POST',
      url: `/m/v2/merchant/${tmk}/api_keys`,
      headers: bearer(token1),
      payload: { name: 'Log test', scopes: ['orders.read'] },
    });
    expect(res.statusCode).toBe(201);
    secrets.apiKey = res.json().key as string;
    res = await app.inject({ url: `/m/v2/merchant/${tmk}/orders/count`, headers: bearer(secrets.apiKey) });
    expect(res.statusCode).toBe(200);
    res = await app.inject({
      url: `/a/v2/users/${userId}?api_key=${secrets.apiKey}`,
      headers: bearer(secrets.apiKey),
    });
    expect(res.statusCode).toBe(401);

    // Forgot → the reset page (console route) → reset with the token.
    res = await app.inject({ method: 'POST', url: '/a/v2/accounts/password_token', payload: { email } });
    expect(res.statusCode).toBe(200);
    const resetToken = /password-reset\/([\w-]+)/.exec(await mailTo(email))?.[1];
    expect(resetToken).toBeTruthy();
    secrets.resetToken = resetToken!;
    await app.inject({ url: `/forgot/password-reset/${resetToken}` });
    const resetPassword = 'Reset-pass-7hq2lw9';
    secrets.resetPassword = resetPassword;
    res = await app.inject({
      method: 'POST',
      url: '/a/v2/accounts/password',
      payload: { reset_token: resetToken, new_password: resetPassword },
    });
    expect(res.statusCode).toBe(200);
    res = await app.inject({
      method: 'POST',
      url: '/a/v2/login',
      payload: { email, password: resetPassword },
    });
    const token2 = res.json().token as string;
    secrets.token2 = token2;

    // Invitation: a single-use link is emailed; the console's page opens it and the invitee sets a password.
    const inviteeEmail = `log-invitee-${Date.now()}@test.test`;
    res = await app.inject({
      method: 'POST',
      url: `/c/v2/merchants/${tmk}/users`,
      headers: bearer(token2),
      payload: { first_name: 'In', last_name: 'Vitee', email: inviteeEmail, role: 'merch.user' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const invitationToken = /invitation\/([\w-]+)/.exec(await mailTo(inviteeEmail))?.[1];
    expect(invitationToken).toBeTruthy();
    secrets.invitationToken = invitationToken!;
    await app.inject({ url: `/invitation/${invitationToken}` });
    secrets.invitePassword = 'Invitee-pass-u8w3n1c';
    res = await app.inject({
      method: 'POST',
      url: '/a/v2/accounts/invitation',
      payload: { token: invitationToken, new_password: secrets.invitePassword },
    });
    expect(res.statusCode).toBe(200);
    secrets.inviteeToken = res.json().token as string;

    // The event stream: a ticket over real HTTP, and a refused token in the URL.
    const ticket = await ticketFor(app, tmk, token2);
    secrets.ticket = ticket;
    const stream = await openStream(base, eventsUrl(orderEventsPath(tmk), ticket));
    expect(stream.status).toBe(200);
    res = await app.inject({ url: `${orderEventsPath(tmk)}?access_token=${token2}` });
    expect(res.statusCode).toBe(400);

    // Profile password change (other sessions end), then logout (the stream ends).
    const profilePassword = 'Profile-pass-k3m9x2q';
    secrets.profilePassword = profilePassword;
    res = await app.inject({
      method: 'POST',
      url: `/a/v2/users/${userId}`,
      headers: bearer(token2),
      payload: { password: resetPassword, new_password: profilePassword },
    });
    expect(res.statusCode).toBe(200);
    res = await app.inject({ method: 'POST', url: '/a/v2/logout', headers: bearer(token2) });
    expect(res.statusCode).toBe(200);
    await until(() => stream.ended, 2000);

    // The marketplace key, a signed link's signature, an OIDC code and state.
    await app.inject({
      method: 'POST',
      url: '/m/v2/marketplace/orders',
      headers: { authorization: `Bearer ${MARKETPLACE_KEY}` },
      payload: { merchant: tmk },
    });
    secrets.linkSignature = 'Sig-secret-value-1234567890abcdef';
    await app.inject({
      url: `/m/v2/merchant/${tmk}/orders/X-1/labels/00000000-0000-4000-8000-000000000000.pdf?exp=1&sig=${secrets.linkSignature}`,
    });
    secrets.oidcCode = 'oidc-code-secret-5521';
    secrets.oidcState = 'oidc-state-secret-8812';
    await app.inject({
      url: `/a/v2/oidc/google/callback?code=${secrets.oidcCode}&state=${secrets.oidcState}`,
    });

    // A 5xx whose message and URL carry a token and a ticket.
    boomToken = secrets.inviteeToken;
    res = await app.inject({ url: `/test/boom?ticket=${secrets.ticket}`, headers: bearer(boomToken) });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(boomToken);
    expect(reported).toHaveLength(1);
    expect(JSON.stringify(reported[0]!.context)).toContain(`ticket=${REDACTED}`);
    expect(JSON.stringify(reported[0]!.context)).not.toContain(secrets.ticket);

    const log = logText();
    const found = Object.entries(secrets).filter(([, value]) => log.includes(value));
    expect(found.map(([name]) => name)).toEqual([]);
    // The flows were logged, at trace level, with their URLs (redacted where they hold a credential).
    expect(app.log.level).toBe('trace');
    expect(log).toContain('incoming request');
    expect(log).toContain('request failed');
    expect(log).toContain(`/forgot/password-reset/${REDACTED}`);
    expect(log).toContain(`ticket=${REDACTED}`);
    expect(log).toContain(`access_token=${REDACTED}`);
  });
});

/** An app of its own logging at `level`, each line it writes kept in `lines`. */
async function appLoggingLines(level: 'info' | 'warn') {
  const { lines, stream } = captureLog();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: level,
    JWT_SECRET,
    MARKETPLACE_KEY,
    DATA_DIR: '/tmp/mc-test-unused',
    SEED_DEMO: 'false',
  });
  return { lines, built: await buildApp({ config, database, logStream: stream }) };
}

describe('request log lines at info level', () => {
  it('are one line per request, at completion, with method, redacted URL, status and time', async () => {
    const { lines, built } = await appLoggingLines('info');
    try {
      await built.app.ready();
      lines.length = 0;
      const res = await built.app.inject({ url: '/forgot/password-reset/secret-reset-token-123?x=1' });
      await built.app.inject({ url: '/healthz' });
      const requestLines = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(requestLines).toHaveLength(1);
      const [line] = requestLines;
      expect(line).toMatchObject({
        level: 30,
        msg: 'request completed',
        method: 'GET',
        url: `/forgot/password-reset/${REDACTED}?x=1`,
        statusCode: res.statusCode,
      });
      expect(typeof line!.reqId).toBe('string');
      expect(typeof line!.responseTime).toBe('number');
      expect(line).not.toHaveProperty('req');
      expect(line).not.toHaveProperty('res');
    } finally {
      await built.app.close();
    }
  });
});

describe('request loggers made on first use (decision 0111)', () => {
  it('log as the child logger did: request id bound, secrets redacted, levels and route levels kept', async () => {
    const { lines, built } = await appLoggingLines('warn');
    built.app.get('/test/logs', async (req) => {
      req.log.info('not at warn');
      req.log.debug('not at warn either');
      req.log.warn({ token: 'secret-token-1', n: 1 }, 'first warning');
      req.log.child({ part: 'inner' }).error('inner error');
      return { level: req.log.level };
    });
    built.app.get('/test/quiet', { logLevel: 'error' }, async (req) => {
      req.log.warn('below the route level');
      req.log.error('at the route level');
      return { level: req.log.level };
    });
    try {
      await built.app.ready();
      lines.length = 0;
      const logs = await built.app.inject({ url: '/test/logs' });
      const quiet = await built.app.inject({ url: '/test/quiet' });
      expect(logs.json()).toEqual({ level: 'warn' });
      expect(quiet.json()).toEqual({ level: 'error' });
      const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(parsed.map((l) => l.msg)).toEqual(['first warning', 'inner error', 'at the route level']);
      const [warning, inner, routeLevel] = parsed;
      expect(warning).toMatchObject({ level: 40, token: REDACTED, n: 1 });
      expect(typeof warning!.reqId).toBe('string');
      expect(inner).toMatchObject({ level: 50, part: 'inner', reqId: warning!.reqId });
      expect(typeof routeLevel!.reqId).toBe('string');
      expect(routeLevel!.reqId).not.toBe(warning!.reqId);
      expect(lines.join('')).not.toContain('secret-token-1');
    } finally {
      await built.app.close();
    }
  });
});
