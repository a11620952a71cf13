/**
 * Compressed answers (docs/decisions/0136): an answer of 1 KB or more whose type is text (JSON, CSV,
 * HTML, plain) goes out in brotli or gzip, whichever the client's Accept-Encoding prefers; smaller ones are
 * not worth the CPU. Compressed synchronously in `onSend`, on the serialised payload: @fastify/compress's
 * per-response stream pipeline cost more than the list request itself (measured in `npm run bench`). Left
 * alone: streams (the event stream is hijacked, files are streamed: PDFs and zips are compressed already,
 * the console's assets come precompressed), answers that carry a Content-Encoding, and request bodies,
 * which are never decompressed (a client sends plain JSON; a compressed body could slip past the body limit).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

export const COMPRESSION_THRESHOLD_BYTES = 1024;
/** Brotli quality and gzip level: the measured trade-off of size against CPU (docs/decisions/0136). */
export const BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 1;

const COMPRESSIBLE = /^(?:application\/(?:json|problem\+json|javascript)|text\/(?!event-stream))/i;
const negotiator = new Negotiator<'br' | 'gzip' | 'identity'>({
  supportedValues: ['br', 'gzip', 'identity'],
});

/** The payload in the encoding the client prefers, or null to send it as it is. */
export function compressFor(
  acceptEncoding: string | undefined,
  payload: string | Buffer,
): { encoding: 'br' | 'gzip'; body: Buffer } | null {
  if (!acceptEncoding) return null;
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < COMPRESSION_THRESHOLD_BYTES) return null;
  const encoding = negotiator.negotiate(acceptEncoding);
  if (encoding === 'br')
    return {
      encoding,
      body: brotliCompressSync(payload, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
    };
  if (encoding === 'gzip') return { encoding, body: gzipSync(payload, { level: GZIP_LEVEL }) };
  return null;
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
    reply.header('vary', appendVary(reply.getHeader('vary')));
    const compressed = compressFor(request.headers['accept-encoding'], payload);
    if (!compressed) return payload;
    reply.header('content-encoding', compressed.encoding);
    reply.removeHeader('content-length');
    return compressed.body;
  });
}

function appendVary(current: unknown): string {
  const value = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(value)) return value;
  return value ? `${value}, Accept-Encoding` : 'Accept-Encoding';
}
