/**
 * Request validation: the table's zod schemas through fastify-type-provider-zod's validatorCompiler (its
 * 400 errors, named by field, are unchanged), with a memo for the request parts an endpoint declares in
 * the table (`validation: {cache: ['params', 'query']}`, packages/api endpoint-types.ts; decisions 0111
 * and 0123). The console asks for the same few list URLs over and over; a query string validated once
 * gives the same answer every time, so its parsed value is kept and handed out as a fresh copy.
 *
 * The endpoint vouches that those parts' schemas are pure (same input, same output, no clock). Only
 * answers that validated are kept, and only when input and output are flat (every input value a string,
 * every output value a string, number, boolean or undefined), so a copy shares nothing a handler could
 * change. A refusal is validated again each time (same errors). The memo is bounded.
 */
import type { ValidationCachePart } from '@mc/api';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** Validated inputs kept per schema; past this many, the memo starts again. */
export const VALIDATION_MEMO_MAX = 1000;

type Flat = Record<string, string | number | boolean | undefined>;

/** An unambiguous key of a flat object of strings (length-prefixed), or null when it is not one. */
function flatKey(data: unknown): string | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  let key = '';
  for (const name in data) {
    const value = (data as Record<string, unknown>)[name];
    if (typeof value !== 'string') return null;
    key += `${name.length}:${name}${value.length}:${value}`;
  }
  return key;
}

function isFlat(value: unknown): value is Flat {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const v of Object.values(value))
    if (v !== undefined && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      return false;
  return true;
}

/** Fastify's name (`httpPart`) of each request part the table may declare. */
const HTTP_PARTS: Record<ValidationCachePart, string> = { params: 'params', query: 'querystring' };

/** zod's validator compiler, with the memo for the request parts in `cache` (a route's own compiler). */
export function cachingValidatorCompiler(
  cache: readonly ValidationCachePart[],
): FastifySchemaCompiler<z.ZodType> {
  const parts = new Set(cache.map((part) => HTTP_PARTS[part]));
  return (route) => {
    const validate = zodValidatorCompiler(route);
    if (!route.httpPart || !parts.has(route.httpPart)) return validate;
    const memo = new Map<string, Flat>();
    return (data: unknown) => {
      const key = flatKey(data);
      if (key === null) return validate(data);
      const hit = memo.get(key);
      if (hit) return { value: { ...hit } };
      const result = validate(data);
      if (typeof result === 'object' && 'value' in result && !result.error && isFlat(result.value)) {
        if (memo.size >= VALIDATION_MEMO_MAX) memo.clear();
        memo.set(key, { ...result.value });
      }
      return result;
    };
  };
}

/**
 * The server's validator compiler (app.ts): zod's, without a memo. routes/register-endpoints.ts gives a
 * route whose endpoint declares `validation.cache` its own `cachingValidatorCompiler`.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = zodValidatorCompiler;
