import { ApiError } from '@mc/api';
import { notifyError } from '../../../lib/notify.ts';

/**
 * A refused save (4xx) shows the server's message (the field that failed); anything else shows the
 * page's own failure text, e.g. "Something went wrong, changes weren't saved."
 */
export function notifySaveFailed(error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.status < 500) notifyError(error);
  else notifyError(error instanceof ApiError ? new Error(error.message, { cause: error }) : error, fallback);
}
