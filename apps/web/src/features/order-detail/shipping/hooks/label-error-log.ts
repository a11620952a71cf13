/**
 * The last 10 label error times, kept in local storage: ten or more within 4 hours show the
 * apology message instead of the error's own text.
 */
import { LABEL_ERRORS_APOLOGY, recordLabelError, tooManyLabelErrors } from '@mc/domain';

export const LABEL_ERROR_LOG_KEY = 'labelErrorTimes';

function read(): number[] {
  try {
    const raw = window.localStorage.getItem(LABEL_ERROR_LOG_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

/** Records one error now and returns the message to show: the apology when 10+ within 4 hours. */
export function recordLabelErrorAndMessage(message: string, now = Date.now()): string {
  const times = recordLabelError(read(), now);
  try {
    window.localStorage.setItem(LABEL_ERROR_LOG_KEY, JSON.stringify(times));
  } catch {
    // private mode: the server applies the same rule
  }
  return tooManyLabelErrors(times, now) ? LABEL_ERRORS_APOLOGY : message;
}
