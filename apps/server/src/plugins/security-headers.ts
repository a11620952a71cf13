/**
 * helmet's security headers on every response, computed once at start (decision 0111).
 *
 * @fastify/helmet ran `helmet(options)` on every request: it re-read the options, rebuilt the
 * Content-Security-Policy string and set the headers through a chain of a dozen middlewares (~3% of a
 * list request's CPU). With static options the headers never change, so they are recorded once from
 * helmet's own middleware and written the same way (`res.setHeader`, same names, values and order) by
 * one onRequest hook. Options helmet would compute per request (a CSP directive given as a function,
 * e.g. a nonce) are refused at start rather than frozen.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaders {
  /** `[name, value]` in the order helmet sets them. */
  set: readonly (readonly [string, string])[];
  /** Headers helmet removes (`X-Powered-By`). */
  removed: readonly string[];
}

function hasDynamicDirective(options: HelmetOptions): boolean {
  const csp = options.contentSecurityPolicy;
  if (!csp || typeof csp !== 'object' || !csp.directives) return false;
  for (const value of Object.values(csp.directives)) {
    if (value && typeof value === 'object' && Symbol.iterator in value)
      for (const entry of value as Iterable<unknown>) if (typeof entry === 'function') return true;
  }
  return false;
}

/** What `helmet(options)` does to a response, recorded from its middleware. */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  if (hasDynamicDirective(options))
    throw new Error(
      'security headers: a Content-Security-Policy directive computed per request is not supported',
    );
  const set: [string, string][] = [];
  const removed: string[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`security headers: ${name} is not a single string`);
      const i = set.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
      if (i >= 0) set.splice(i, 1);
      set.push([name, value]);
      return res;
    },
    removeHeader(name: string) {
      const i = set.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
      if (i >= 0) set.splice(i, 1);
      removed.push(name);
    },
  };
  let failure: unknown = null;
  let finished = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err ?? null;
    finished = true;
  });
  if (failure) throw failure;
  if (!finished) throw new Error('security headers: helmet did not finish synchronously');
  return { set, removed };
}

/** Writes the recorded headers on every response (before routing's hooks, like @fastify/helmet). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): SecurityHeaders {
  const headers = securityHeaders(options);
  const { set, removed } = headers;
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
  return headers;
}
