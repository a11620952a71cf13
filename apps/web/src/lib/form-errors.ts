/**
 * The one way a refused request's field messages reach a form: each goes under its field (paths like
 * 'address.zipcode'), worded by the server from the same schemas the form checks with (docs/conventions.md,
 * "Errors"). The toast is `notifyError` (notify.ts).
 */
import { ApiError } from '@mc/api';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Where the server names the request itself rather than a field. */
const NOT_FIELDS = new Set(['body', 'params', 'querystring']);

export interface ApplyFieldErrorsOptions<T extends FieldValues> {
  /** Put before each path (a form nested under a key of the request body). */
  prefix?: string;
  /** Only these fields (a form that shows a few of the request's fields). */
  only?: readonly Path<T>[];
}

/** Copies the server's field messages under the form's fields; true when at least one was copied. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  { prefix = '', only }: ApplyFieldErrorsOptions<T> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let any = false;
  for (const [path, message] of Object.entries(error.fieldErrors())) {
    if (NOT_FIELDS.has(path)) continue;
    const name = `${prefix}${path}`;
    const field = only?.find((f) => f === name);
    if (only && !field) continue;
    // A path outside the form's fields is harmless: react-hook-form keeps it in formState.errors only.
    setError((field ?? name) as Path<T>, { type: 'server', message });
    any = true;
  }
  return any;
}
