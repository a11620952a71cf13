import { ApiError } from '@mc/api';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Copies the server's field messages under the form's fields (paths like 'address.zipcode'). */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  prefix = '',
): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = error.fieldErrors();
  let any = false;
  for (const [path, message] of Object.entries(fields)) {
    if (path === 'body' || path === 'params' || path === 'querystring') continue;
    setError(`${prefix}${path}` as Path<T>, { type: 'server', message });
    any = true;
  }
  return any;
}
