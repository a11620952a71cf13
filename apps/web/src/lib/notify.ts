/**
 * The one way an error reaches the merchant as a toast (docs/conventions.md, "Errors": one place turns
 * it into a toast); forms copy field messages under their fields with `applyFieldErrors` (form-errors.ts).
 * Toasts close after 8000 ms (set on the Notifications provider).
 *
 * Which text an error shows:
 * - a refused request (4xx) shows the server's message: the server and the browser word it from the same
 *   rules in packages/domain;
 * - a failure (5xx, network, a thrown error, an unreadable body) shows the caller's spec text for that
 *   action ('Something went wrong, changes weren't saved.'), else the client's own wording
 *   ('Something went wrong', 'Unhandled Error');
 * - `fixed`: the spec's text for that action whatever the server said (the orders-list fetch error).
 * Failures are reported to error reporting; a refusal is an answer and is not. A 401 shows nothing: the
 * client has already signed the merchant out and gone to /login.
 */
import { notifications } from '@mantine/notifications';
import { ApiError } from '@mc/api';
import { MSG } from '@mc/domain';
import { reportError } from './error-reporting.ts';

/** The spec's text for a failed action: `fallback` when the server has no message for the merchant, `fixed` always. */
export type ErrorText = string | { fallback?: string; fixed?: string };

const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.status < 500;

/** The text the merchant sees for an error (a string `text` is the fallback). */
export function errorMessage(error: unknown, text?: ErrorText): string {
  const { fallback, fixed } = typeof text === 'string' ? { fallback: text, fixed: undefined } : (text ?? {});
  if (fixed) return fixed;
  if (isRefusal(error) && error.body?.message) return error.body.message;
  if (fallback) return fallback;
  if (error instanceof ApiError) return error.body?.message || error.message || MSG.SOMETHING_WENT_WRONG;
  return MSG.SOMETHING_WENT_WRONG;
}

function showErrorToast(message: string): void {
  notifications.show({ color: 'red', title: 'Error', message });
}

/** THE error toast: reports failures, stays silent on a 401, shows `errorMessage(error, text)`. */
export function notifyError(error: unknown, text?: ErrorText): void {
  if (!isRefusal(error)) reportError(error);
  if (error instanceof ApiError && error.status === 401) return;
  showErrorToast(errorMessage(error, text));
}

/**
 * A failure that is no error of a request (a form that did not pass its own checks; an order answered
 * with another status than the one asked for): the same toast, nothing reported.
 */
export function notifyFailure(message: string): void {
  showErrorToast(message);
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}

export function notifyInfo(message: string): void {
  notifications.show({ color: 'blue', message });
}
