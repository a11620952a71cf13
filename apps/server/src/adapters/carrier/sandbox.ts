/**
 * The sandbox carrier: real 4×6 label PDFs (barcode, tracking number) for FedEx, UPS and GSO, and each
 * label error the console words (packages/domain label-errors.ts) for the addresses and accounts that call for it. Deterministic triggers:
 *
 * | trigger                                              | answer                                 |
 * |------------------------------------------------------|----------------------------------------|
 * | a destination street line that is a PO Box           | PO_BOX                                 |
 * | an empty recipient phone                              | MISSING_RECIPIENT_PHONE                |
 * | a destination street containing 'INVALID'             | INVALID_STREET                         |
 * | an account number containing 'UNAUTHORIZED'           | UNAUTHORIZED                           |
 * | an account number containing 'LOCKED'                 | LOCKED_OUT                             |
 * | destination zip '00000'                               | NO_RESPONSE (the carrier does not answer) |
 * | destination zip '00001'                               | NOT_RESPONDING_PURCHASE                |
 * | a destination street containing 'CARRIER-FAIL'        | GENERAL                                |
 * | a destination street containing 'UNVERIFIED'          | a plain carrier message ('{carrier}: …') |
 *
 * The same idempotency key always gives the same tracking numbers (they are derived from it), so a
 * repeated call never "buys" a second, different label. Voided labels are remembered (`voided()`).
 */
import { type CarrierErrorCode, carrierTrackingUrl } from '@mc/domain';
import { renderShippingLabel, sandboxTrackingNumber } from '../../pdf/label.ts';
import type {
  CarrierAdapter,
  CarrierError,
  LabelPurchaseRequest,
  LabelPurchaseResult,
  LabelVoidResult,
} from './carrier.ts';

/** The carrier's own wording for each failure (what a real API would answer). */
export const SANDBOX_CARRIER_MESSAGES: Record<CarrierErrorCode, string> = {
  GENERAL: 'Internal carrier error (sandbox)',
  NO_RESPONSE: 'The carrier did not respond',
  NOT_RESPONDING_PURCHASE: 'The carrier is not responding to the purchase request',
  INVALID_STREET: 'Invalid street line in the destination address',
  PO_BOX: 'This service cannot ship to a PO Box',
  MISSING_RECIPIENT_PHONE: 'Missing or invalid ship to phone number',
  UNAUTHORIZED: 'Unauthorized carrier account',
  LOCKED_OUT: 'User account is locked out',
};
export const SANDBOX_UNVERIFIED_MESSAGE = 'The destination address could not be verified';

const PO_BOX_RE = /\b(?:p\.?\s*o\.?\s*box|post\s+office\s+box)\b/i;

/** Which failure the sandbox answers for a request, or null when it sells the labels. */
export function sandboxFailure(req: LabelPurchaseRequest): CarrierError | null {
  const carrier = req.account.carrier;
  const fail = (code: CarrierErrorCode): CarrierError => ({
    code,
    carrier,
    message: SANDBOX_CARRIER_MESSAGES[code],
  });
  const account = req.account.account_number.toUpperCase();
  if (account.includes('UNAUTHORIZED')) return fail('UNAUTHORIZED');
  if (account.includes('LOCKED')) return fail('LOCKED_OUT');
  const zip = req.to.zipcode.trim();
  if (zip === '00000') return fail('NO_RESPONSE');
  if (zip === '00001') return fail('NOT_RESPONDING_PURCHASE');
  const streets = [req.to.street_1, req.to.street_2, req.to.street_3].filter((s): s is string =>
    Boolean(s?.trim()),
  );
  if (streets.some((s) => PO_BOX_RE.test(s))) return fail('PO_BOX');
  if (streets.some((s) => s.toUpperCase().includes('INVALID'))) return fail('INVALID_STREET');
  if (streets.some((s) => s.toUpperCase().includes('CARRIER-FAIL'))) return fail('GENERAL');
  if (streets.some((s) => s.toUpperCase().includes('UNVERIFIED'))) {
    return { code: null, carrier, message: SANDBOX_UNVERIFIED_MESSAGE };
  }
  if (!req.to.phone_number?.trim()) return fail('MISSING_RECIPIENT_PHONE');
  return null;
}

export interface SandboxCarrierOptions {
  /** Simulated carrier latency per purchase (ms). */
  latencyMs?: number;
}

export interface SandboxCarrierAdapter extends CarrierAdapter {
  readonly kind: 'sandbox';
  /** The tracking numbers voided so far, oldest first (tests). */
  voided(): string[];
}

/** How many voided labels the sandbox remembers (a demo server runs for days). */
const SANDBOX_VOIDED = 10_000;

export function sandboxCarrier(opts: SandboxCarrierOptions = {}): SandboxCarrierAdapter {
  const latency = opts.latencyMs ?? 40;
  const voided: string[] = [];
  return {
    kind: 'sandbox',
    voided: () => [...voided],
    async voidLabels(req): Promise<LabelVoidResult> {
      for (const label of req.labels) {
        if (!voided.includes(label.tracking_code)) voided.push(label.tracking_code);
      }
      if (voided.length > SANDBOX_VOIDED) voided.splice(0, voided.length - SANDBOX_VOIDED);
      return { ok: true };
    },
    async buyLabels(req): Promise<LabelPurchaseResult> {
      if (latency > 0) await new Promise((r) => setTimeout(r, latency));
      const failure = sandboxFailure(req);
      if (failure) return { ok: false, errors: [failure] };
      const carrier = req.account.carrier;
      const format = req.account.label_size === '8.5x11' ? 'PDF_LETTER' : 'PDF_4x6';
      const labels = await Promise.all(
        req.boxes.map(async (box, i) => {
          const tracking = sandboxTrackingNumber(carrier, `${req.idempotencyKey}:${i + 1}`);
          const pdf = await renderShippingLabel({
            carrier,
            service: 'Ground',
            tracking_number: tracking,
            from: req.from,
            to: req.to,
            weight_lbs: box.weight,
            box_index: i + 1,
            box_count: req.boxes.length,
            reference: req.reference,
            format,
          });
          return {
            ref: tracking,
            carrier,
            service: 'Ground',
            tracking_code: tracking,
            tracking_url: carrierTrackingUrl(carrier, tracking),
            box_index: i + 1,
            weight: box.weight,
            insurance: box.insurance ?? null,
            pdf,
          };
        }),
      );
      return { ok: true, labels };
    },
  };
}
