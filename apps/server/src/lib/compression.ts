/**
 * Compressed answers (docs/decisions/0136): JSON (and CSV, HTML) over 1 KB go out br or gzip, whichever
 * the client prefers among those it accepts; smaller answers are not worth the header and the CPU. The
 * levels are the measured trade-off (`npm run bench`, list CPU per request with and without): brotli at
 * quality 4 and gzip at level 6 shrink a 30-order list page about 10× for a small share of its CPU.
 * Not compressed: the event stream (hijacked, written by hand), files that are compressed already (PDF,
 * zip, the console's precompressed assets, which carry their own Content-Encoding). Request bodies are
 * never decompressed: a client sends plain JSON, and a compressed body could slip past the body limit.
 */
import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

export const COMPRESSION_THRESHOLD_BYTES = 1024;

export const COMPRESSION_OPTIONS: FastifyCompressOptions = {
  globalCompression: true,
  globalDecompression: false,
  threshold: COMPRESSION_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
  brotliOptions: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  },
  zlibOptions: { level: 6 },
};
