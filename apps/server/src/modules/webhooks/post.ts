/**
 * One webhook POST (docs/decisions/0139), at most `timeoutMs` in all, with the first KB of the answer kept
 * for the log. Connections are kept alive and reused (one agent per protocol and address policy, sockets
 * pooled per host and port): a new connection per delivery cost more than the delivery itself. The address
 * check is part of connecting: the agent's `lookup` resolves the name, refuses it if any address is
 * private (unless allowed) and hands the socket the address it checked, so the socket never connects to
 * an address that was not checked (DNS rebinding changes nothing), and a reused socket is one that passed
 * the check when it connected. A URL with an address literal never reaches `lookup` (the socket connects
 * to it directly), so literals are checked here before anything is sent.
 */
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './destination.ts';

export const RESPONSE_BODY_MAX = 1024;

export interface PostOutcome {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  /** The address check refused the destination (nothing was sent). */
  refused: boolean;
}

const REFUSED = 'The URL reaches a private, loopback, link-local or metadata address';
const UNRESOLVED = 'The URL’s host name does not resolve';

/** An error of the address check: the attempt is `refused`, not `failed`. */
class RefusedError extends Error {
  readonly refused = true;
}

/** Resolves like dns.lookup, checks every address the name has, and answers with the first. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(
      hostname,
      { all: true, family: options.family ?? 0, hints: options.hints },
      (err, addresses) => {
        const cb = callback as (e: Error | null, a: unknown, f?: number) => void;
        if (err || addresses.length === 0) return cb(new RefusedError(UNRESOLVED), options.all ? [] : '');
        // Every address is checked: a name with one public and one private address is refused.
        if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
          return cb(new RefusedError(REFUSED), options.all ? [] : '');
        const first = addresses[0] as { address: string; family: number };
        if (options.all) cb(null, [first]);
        else cb(null, first.address, first.family);
      },
    );
  };
}

// Sockets per host: the worker's concurrency bounds what is in flight; these bound what is kept.
const agents = new Map<string, http.Agent>();
function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = {
      keepAlive: true,
      maxSockets: 32,
      maxFreeSockets: 32,
      // An idle socket is dropped after 30 s, or sooner when the receiver's Keep-Alive header says so.
      timeout: 30_000,
      scheduling: 'lifo' as const,
      lookup: checkedLookup(allowPrivate),
    };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
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
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !opts.allowPrivate && isPrivateAddress(literal))
    return { status: null, body: null, error: REFUSED, durationMs: elapsed(), refused: true };
  const deadline = started + opts.timeoutMs;
  let outcome = await send(url, opts, deadline);
  // A kept-alive socket the receiver closed just as the request went out: sent again once, on a new one.
  if (outcome.retryable) outcome = await send(url, opts, deadline);
  return { ...outcome.result, durationMs: elapsed() };
}

function send(
  url: URL,
  opts: { body: string; headers: Record<string, string>; timeoutMs: number; allowPrivate: boolean },
  deadline: number,
): Promise<{ result: Omit<PostOutcome, 'durationMs'>; retryable: boolean }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    let answered = false;
    const done = (o: Omit<PostOutcome, 'durationMs' | 'refused'>, refused = false, retryable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ result: { ...o, refused }, retryable });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        agent: agentFor(url.protocol, opts.allowPrivate),
        headers: {
          ...opts.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(opts.body),
          'user-agent': 'merchant-console-webhooks',
        },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        let kept = 0;
        // The whole answer is read (the socket goes back to the pool only then); the first KB is kept.
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
    const timer = setTimeout(
      () => {
        req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`));
      },
      Math.max(0, deadline - performance.now()),
    );
    req.on('error', (e: NodeJS.ErrnoException & { refused?: boolean }) => {
      const stale = req.reusedSocket && !answered && (e.code === 'ECONNRESET' || e.code === 'EPIPE');
      done({ status: null, body: null, error: e.message }, e.refused === true, stale);
    });
    req.end(opts.body);
  });
}
