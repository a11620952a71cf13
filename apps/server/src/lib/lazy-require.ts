/**
 * A package loaded on its first use instead of at start-up. pdfkit (with fontkit), bwip-js and archiver
 * cost ~0.3 s of CPU to load and are needed only when a document, a barcode or a zip is made, never to
 * answer `/healthz` (docs/operations.md, "Measured"). pdfkit and bwip-js are CommonJS packages, so
 * `require` gives the same object as the default import did; archiver (8 and later) is an ES module
 * without top-level await, which Node's `require` loads synchronously and returns as its namespace
 * (`import type * as`). Keep an `import type` beside each use for the types.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= load(id) as T;
    return loaded;
  };
}
