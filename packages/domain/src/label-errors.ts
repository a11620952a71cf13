/**
 * Shipping label purchase errors.
 */
import { PROVIDER_NAME } from './constants.ts';
import { isOneOf } from './one-of.ts';

export const CARRIER_ERROR_CODES = [
  'GENERAL',
  'NO_RESPONSE',
  'NOT_RESPONDING_PURCHASE',
  'INVALID_STREET',
  'PO_BOX',
  'MISSING_RECIPIENT_PHONE',
  'UNAUTHORIZED',
  'LOCKED_OUT',
] as const;
export type CarrierErrorCode = (typeof CARRIER_ERROR_CODES)[number];

const NETWORK =
  'A network error has occurred. Please try again in 15-20 minutes or contact your Sales Associate.';

export const LABEL_ERROR_MESSAGES: Record<CarrierErrorCode, string> = {
  GENERAL: `An error occurred, please contact ${PROVIDER_NAME} Support.`,
  NO_RESPONSE: NETWORK,
  NOT_RESPONDING_PURCHASE: NETWORK,
  INVALID_STREET: NETWORK,
  PO_BOX: 'Cannot ship to a PO Box. Please contact Support.',
  MISSING_RECIPIENT_PHONE: 'Recipient phone number is required. Please contact Support.',
  UNAUTHORIZED: 'A carrier account error occurred, please contact your Sales Associate to resolve the issue.',
  LOCKED_OUT: 'User is locked out. Please try again in 30 minutes',
};

export const LABEL_ERROR_THRESHOLD = { count: 10, windowMs: 14_400_000 } as const;
export const LABEL_ERRORS_APOLOGY =
  'We apologize for the inconvenience. Please contact your Sales Associate to resolve ongoing issues.';
export const NO_CARRIER_MESSAGE =
  'A shipping label cannot be created without a carrier account. Please contact your Sales Associate.';

export function isCarrierErrorCode(value: unknown): value is CarrierErrorCode {
  return isOneOf(CARRIER_ERROR_CODES, value);
}

/**
 * The user message for a label purchase error: a known code maps to its text; an error carrying a
 * carrier message shows '{carrier}: {message}'; anything else (a thrown error) the general text.
 */
export function labelErrorMessage(err: {
  code?: string | null;
  carrier?: string | null;
  message?: string | null;
}): string {
  if (isCarrierErrorCode(err.code)) return LABEL_ERROR_MESSAGES[err.code];
  const carrier = err.carrier?.trim();
  const message = err.message?.trim();
  if (carrier && message) return `${carrier}: ${message}`;
  return LABEL_ERROR_MESSAGES.GENERAL;
}

/** Ten or more label errors within 4 hours. */
export function tooManyLabelErrors(timestamps: readonly number[], now: number | Date): boolean {
  const t = typeof now === 'number' ? now : now.getTime();
  const recent = timestamps.filter((ts) => ts <= t && t - ts < LABEL_ERROR_THRESHOLD.windowMs);
  return recent.length >= LABEL_ERROR_THRESHOLD.count;
}

/** Adds an error time and keeps the last 10 (what the browser stores). */
export function recordLabelError(timestamps: readonly number[], now: number | Date): number[] {
  const t = typeof now === 'number' ? now : now.getTime();
  return [...timestamps, t].sort((a, b) => a - b).slice(-LABEL_ERROR_THRESHOLD.count);
}
