import { Writable } from 'node:stream';

/**
 * A log stream for `buildApp` that keeps what the app writes: `chunks` as written, `lines` split into
 * its non-empty lines (one JSON record each).
 */
export function captureLog(): { stream: Writable; lines: string[]; chunks: string[] } {
  const lines: string[] = [];
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, chunks };
}
