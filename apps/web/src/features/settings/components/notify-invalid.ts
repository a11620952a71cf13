import { ApiError } from '@mc/api';
import { notifyError } from '../../../lib/notify.ts';

/** A form that did not pass its own checks: the toast, without reporting an error. */
export function notifyInvalid(message: string): void {
  notifyError(new ApiError(400, message, { message }));
}
