import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy of every response (helmet, plugins/security-headers.ts). Scripts come only from this
 * origin: no 'unsafe-inline', no 'unsafe-eval'. A page of ours with an inline script (the API reference)
 * adds that script's SHA-256 hash for its own response with `allowInlineScriptsByHash`. Styles keep
 * 'unsafe-inline' (Mantine and the reference inject style elements and attributes at run time).
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** 'sha256-…' sources of every inline script (a script element without src) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1] ?? '';
    const body = m[2] ?? '';
    if (/\bsrc\s*=/i.test(attrs) || body.length === 0) continue;
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The policy with these sources added to one directive (added as `'self'` plus them when the policy has none). */
export function addSources(
  policy: string,
  directive: 'script-src' | 'connect-src',
  sources: readonly string[],
): string {
  if (sources.length === 0) return policy;
  const parts = policy.split(';').map((p) => p.trim());
  const i = parts.findIndex((p) => p.toLowerCase().startsWith(`${directive} `));
  if (i >= 0) parts[i] = `${parts[i]} ${sources.join(' ')}`;
  else parts.push(`${directive} 'self' ${sources.join(' ')}`);
  return parts.filter(Boolean).join(';');
}

/** The policy with these sources added to script-src. */
export const addScriptSources = (policy: string, sources: readonly string[]): string =>
  addSources(policy, 'script-src', sources);

/**
 * An onSend hook for HTML pages we do not write ourselves (the Scalar reference): the exact inline scripts of
 * this response are allowed by hash, nothing else inline is.
 */
export async function allowInlineScriptsByHash(
  _req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const type = String(reply.getHeader('content-type') ?? '');
  const policy = reply.getHeader('content-security-policy');
  if (!type.startsWith('text/html') || typeof policy !== 'string' || typeof payload !== 'string')
    return payload;
  reply.header('content-security-policy', addScriptSources(policy, inlineScriptHashes(payload)));
  return payload;
}
