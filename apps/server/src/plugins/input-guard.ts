/**
 * Belt and braces for the string rule of packages/domain `limits.ts`: before any route's
 * schema or handler runs, every string (and every object key) in the path parameters, the query string
 * and a parsed body is checked for NUL and unpaired surrogates, and the body's nesting depth is bounded.
 * A refusal is a 400 `{message, errors: [{path, message}]}` naming the field, so it never reaches the
 * database. The schemas enforce the same rule (and the lengths) on their own; this hook also covers
 * routes without a schema and strings the schemas let through unchecked (`z.unknown()`, loose objects).
 */
import { DomainError, isCleanText, UNSAFE_TEXT_MESSAGE } from '@mc/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Deeper than any body the API takes (the order intake nests 4 levels). */
export const MAX_BODY_DEPTH = 32;

interface Finding {
  path: string;
  message: string;
}

function join(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  return base ? `${base}.${key}` : key;
}

/**
 * First NUL/lone surrogate (in a value or a key) or excessive nesting in `value`, walked iteratively
 * (no recursion to overflow). Paths are written as the schema errors write them (`customer.first_name`,
 * `items[0].id`, `filter[search]`); a bad top-level value is named by `root` (`body`, `params`, …).
 */
export function findUnsafeInput(value: unknown, root: string): Finding | null {
  const found = (path: string, why: string): Finding => {
    const p = path || root;
    return { path: p, message: `${p}: ${why}` };
  };
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const v = item.value;
    if (typeof v === 'string') {
      if (!isCleanText(v)) return found(item.path, UNSAFE_TEXT_MESSAGE);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (item.depth >= MAX_BODY_DEPTH) return found(item.path, 'nested too deeply');
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ value: v[i], path: join(item.path, i), depth: item.depth + 1 });
      continue;
    }
    for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
      if (!isCleanText(k)) return found(item.path, `a field name: ${UNSAFE_TEXT_MESSAGE}`);
      stack.push({ value: child, path: join(item.path, k), depth: item.depth + 1 });
    }
  }
  return null;
}

function check(request: FastifyRequest): Finding | null {
  const parts: [unknown, string][] = [
    [request.params, 'params'],
    [request.query, 'querystring'],
    [request.body, 'body'],
  ];
  for (const [value, root] of parts) {
    const found = value === undefined || value === null ? null : findUnsafeInput(value, root);
    if (found) return found;
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found = check(request);
    if (found) throw new DomainError('VALIDATION', found.message, { errors: [found] });
  });
}
