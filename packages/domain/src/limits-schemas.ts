/**
 * The zod side of the input limits (limits.ts): the one string rule every schema builds on, and URL fields.
 * Kept apart from the limits themselves so a page that only reads MAX_LENGTH loads no zod
 * (docs/decisions/0109).
 */
import { z } from 'zod';
import {
  isCleanText,
  isHttpUrl,
  MAX_LENGTH,
  type MaxLengthKey,
  tooLongMessage,
  UNSAFE_TEXT_MESSAGE,
  URL_MESSAGE,
} from './limits.ts';

/**
 * The one string rule: at most `max` characters, no NUL, no lone surrogate. Chain `.trim()`, `.min()`,
 * `.regex()` … after it as with `z.string()`. `params` is `z.string`'s (e.g. `{ error }` for a wrong type).
 */
export function safeString(max: number, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).max(max, tooLongMessage(max)).refine(isCleanText, UNSAFE_TEXT_MESSAGE);
}

/** Same as {@link safeString} with the limit named: `text('name')`. */
export function text(kind: MaxLengthKey, params?: Parameters<typeof z.string>[0]) {
  return safeString(MAX_LENGTH[kind], params);
}

/** URL field: trimmed; absolute http(s) only (`javascript:`, `data:` and relative text are refused). */
export function httpUrlSchema(message = URL_MESSAGE) {
  return text('url').trim().refine(isHttpUrl, message);
}

/** Optional URL field: empty passes (means 'none'), otherwise an absolute http(s) URL. */
export function optionalHttpUrlSchema(message = URL_MESSAGE) {
  return text('url')
    .trim()
    .refine((v) => v === '' || isHttpUrl(v), message)
    .optional();
}
