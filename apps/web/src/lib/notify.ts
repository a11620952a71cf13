import { MSG } from '@mc/domain';
/**
 * The one place that turns an error into a toast (CONVENTIONS: "one place turns it into a toast").
 * Toasts close after 8000 ms (set on the Notifications provider, part 1 §2).
 */

import { notifications } from '@mantine/notifications';
import { ApiError } from '@mc/api';
import { reportError } from './error-reporting.ts';

export const GENERIC_ERROR = MSG.SOMETHING_WENT_WRONG;

/**
 * The text a user should see for an error: the server's message; else the caller's fallback; else
 * the client's own wording ('Something went wrong', or 'Unhandled Error' for an unreadable body).
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    if (error.body?.message) return error.body.message;
    return fallback ?? (error.message || GENERIC_ERROR);
  }
  return fallback ?? GENERIC_ERROR;
}

export function notifyError(error: unknown, fallback?: string): void {
  if (!(error instanceof ApiError) || error.status >= 500) reportError(error);
  // A 401 already sends the user to /login; a toast on top of that is noise.
  if (error instanceof ApiError && error.status === 401) return;
  notifications.show({ color: 'red', title: 'Error', message: errorMessage(error, fallback) });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}

export function notifyInfo(message: string): void {
  notifications.show({ color: 'blue', message });
}
