/**
 * One webhook POST (docs/decisions/0139): to the address checked in `destination.ts` (the socket never
 * resolves the name again), at most `timeoutMs` in all, with the first KB of the answer kept for the log.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type Destination, resolveDestination } from './destination.ts';

export const RESPONSE_BODY_MAX = 1024;

export interface PostOutcome {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  /** The address check refused the destination (nothing was sent). */
  refused: boolean;
}

export async function postWebhook(opts: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(opts.url);
  let to: Destination;
  try {
    to = await resolveDestination(url, opts.allowPrivate);
  } catch (error) {
    return {
      status: null,
      body: null,
      error: (error as Error).message,
      durationMs: elapsed(),
      refused: true,
    };
  }
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: to.address, family: to.family }]);
    else callback(null, to.address, to.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const done = (o: Omit<PostOutcome, 'durationMs' | 'refused'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...o, durationMs: elapsed(), refused: false });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          ...opts.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(opts.body),
          'user-agent': 'merchant-console-webhooks',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_BODY_MAX) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on('end', () =>
          done({
            status: res.statusCode ?? null,
            body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_MAX).toString('utf8'),
            error: null,
          }),
        );
        res.on('error', (e) => done({ status: res.statusCode ?? null, body: null, error: e.message }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.on('error', (e) => done({ status: null, body: null, error: e.message }));
    req.end(opts.body);
  });
}
