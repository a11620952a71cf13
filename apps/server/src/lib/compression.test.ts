/** Compressed answers: br or gzip over 1 KB as accepted; small answers, files and request bodies left alone. */
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';

const t = useTestApp();

describe('compressed answers', () => {
  it('sends a large JSON answer in brotli when accepted, the same document once decoded', async () => {
    const plain = await t.app.inject({ url: '/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({
      url: '/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await t.app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toBe('3.1.0');
  });

  it('leaves answers under 1 KB as they are', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ ok: true });
  });

  it('does not decompress a request body: a gzipped login is refused as a bad request, nothing else', async () => {
    const body = gzipSync(JSON.stringify({ email: 'owner@demo.test', password: 'whatever-password' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/a/v2/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
