import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/harness.ts';

const t = useTestApp();

describe('app', () => {
  it('answers /healthz', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
  });

  it('serves an OpenAPI 3.1 document with the spec paths', async () => {
    const res = await t.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/a/v2/login',
      '/a/v2/users',
      '/a/v2/accounts/password_token',
      '/a/v2/logout',
      '/c/v2/merchants/{tmk}',
      '/m/v2/marketplace/orders',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect(
      doc.paths['/a/v2/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });

  it('renders the API reference page', async () => {
    const first = await t.app.inject({ url: '/api-docs' });
    const res =
      first.statusCode === 301 || first.statusCode === 302
        ? await t.app.inject({ url: String(first.headers.location) })
        : first;
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/openapi.json');
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('keeps sandbox messages in the outbox, newest first, as JSON and a page', async () => {
    await t.ctx.adapters.email.send({ to: 'a@b.test', subject: 'First', text: 'one' });
    await t.ctx.adapters.sms.send('+12125550101', 'two <b>');
    const json = await t.app.inject({ url: '/dev/outbox.json' });
    const rows = json.json();
    expect(rows[0]).toMatchObject({ kind: 'sms', to: '+12125550101', text: 'two <b>' });
    expect(rows[1]).toMatchObject({ kind: 'email', to: 'a@b.test', subject: 'First', text: 'one' });
    expect(rows[0].created_at).toBeTypeOf('string');
    const page = await t.app.inject({ url: '/dev/outbox' });
    expect(page.body).toContain('two &#60;b&#62;');
  });

  it('unknown API routes are JSON 404s', async () => {
    const res = await t.app.inject({ url: '/m/v2/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('app.ts', () => {
  it('only composes plugins: at most 150 lines (a feature brings its own plugin, docs/decisions/0123)', () => {
    const lines = readFileSync(new URL('./app.ts', import.meta.url), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(150);
  });
});
