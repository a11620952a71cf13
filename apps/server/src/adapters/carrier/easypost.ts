/**
 * A real carrier API behind the same interface: EasyPost (https://docs.easypost.com), used when
 * EASYPOST_API_KEY is set. One shipment per box: create with the lowest 'Ground' rate (or the
 * cheapest), buy, then fetch the label PDF. The derived idempotency key is sent as the shipment
 * reference and as an Idempotency-Key header, and an existing shipment with that reference is
 * reused, so a retried purchase does not buy twice. A label is voided with a refund request
 * (POST /shipments/:id/refund); a shipment whose refund was requested is never reused.
 *
 * Every call goes through the shared outbound helper (../http.ts): 10 s per attempt, reads and keyed
 * writes retried with back-off on 429/5xx/time-outs. easypost.contract.test.ts checks the wire format
 * against a local stand-in answering with EasyPost's documented bodies.
 */
import { type CarrierErrorCode, carrierTrackingUrl, type LabelAddress } from '@mc/domain';
import { basicAuth, ProviderUnavailableError, providerHttpClient } from '../http.ts';
import type {
  BoughtLabel,
  CarrierAdapter,
  CarrierError,
  LabelPurchaseRequest,
  LabelPurchaseResult,
  LabelVoidResult,
} from './carrier.ts';

export interface EasyPostOptions {
  apiKey: string;
  /** EASYPOST_API_BASE (https://api.easypost.com/v2). */
  baseUrl?: string;
  timeoutMs?: number;
  budgetMs?: number;
}

/** Carrier messages to the spec's error codes; anything else is shown as '{carrier}: {message}'. */
export function classifyCarrierMessage(message: string, httpStatus?: number): CarrierErrorCode | null {
  const m = message.toLowerCase();
  if (/p\.?\s*o\.?\s*box/.test(m)) return 'PO_BOX';
  if (/phone/.test(m)) return 'MISSING_RECIPIENT_PHONE';
  if (/locked/.test(m)) return 'LOCKED_OUT';
  if (
    httpStatus === 401 ||
    httpStatus === 403 ||
    /unauthori[sz]ed|invalid (carrier )?account|credentials/.test(m)
  )
    return 'UNAUTHORIZED';
  if (/street|address line/.test(m)) return 'INVALID_STREET';
  if (/timed? ?out|not respond|unavailable/.test(m)) return 'NO_RESPONSE';
  return null;
}

function address(a: LabelAddress) {
  return {
    name: a.name,
    company: a.company ?? undefined,
    street1: a.street_1,
    street2: [a.street_2, a.street_3].filter(Boolean).join(' ') || undefined,
    city: a.city,
    state: a.state,
    zip: a.zipcode,
    country: a.country || 'US',
    phone: a.phone_number || undefined,
  };
}

class CarrierHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function easypostCarrier(opts: EasyPostOptions): CarrierAdapter {
  const http = providerHttpClient('EasyPost', opts.baseUrl ?? 'https://api.easypost.com/v2', opts);
  const auth = basicAuth(opts.apiKey, '');

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<T> {
    const res = await http.request({
      method,
      path,
      headers: {
        authorization: auth,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      idempotencyKey: key,
    });
    const json = res.json<{ error?: { message?: string } } & T>() ?? ({} as T & { error?: undefined });
    if (!res.ok) throw new CarrierHttpError(res.status, json.error?.message ?? `HTTP ${res.status}`);
    return json;
  }

  interface Shipment {
    id: string;
    tracking_code?: string;
    rates?: { id: string; carrier: string; service: string; rate: string }[];
    postage_label?: { label_pdf_url?: string; label_url?: string };
    selected_rate?: { service?: string };
    /** Set once a refund (void) was requested: 'submitted', 'refunded', 'rejected'. */
    refund_status?: string | null;
  }

  async function buyBox(req: LabelPurchaseRequest, index: number): Promise<BoughtLabel> {
    const box = req.boxes[index]!;
    const reference = `${req.idempotencyKey}:${index + 1}`;
    const found = await call<{ shipments: Shipment[] }>(
      'GET',
      `/shipments?reference=${encodeURIComponent(reference)}&page_size=1`,
    ).catch((err: unknown) => {
      // A lookup EasyPost refuses is not fatal (create follows); one that hangs is: the budget is spent.
      if (err instanceof ProviderUnavailableError) throw err;
      return { shipments: [] as Shipment[] };
    });
    // A voided label (its refund requested) is not reused.
    let shipment = found.shipments.find((s) => s.tracking_code && !s.refund_status);
    if (!shipment) {
      const created = await call<Shipment>(
        'POST',
        '/shipments',
        {
          shipment: {
            reference,
            to_address: address(req.to),
            from_address: address(req.from),
            parcel: { weight: Math.round(box.weight * 16 * 10) / 10 },
            options: {
              label_format: 'PDF',
              label_size: req.account.label_size === '8.5x11' ? '8.5x11' : '4x6',
              alcohol: true,
            },
          },
        },
        `${reference}:create`,
      );
      const rates = (created.rates ?? []).filter(
        (r) => r.carrier.toLowerCase() === req.account.carrier.toLowerCase(),
      );
      const rate =
        rates.find((r) => /ground/i.test(r.service)) ??
        rates.sort((a, b) => Number(a.rate) - Number(b.rate))[0];
      if (!rate) throw new CarrierHttpError(422, `No ${req.account.carrier} rate for this shipment`);
      shipment = await call<Shipment>(
        'POST',
        `/shipments/${created.id}/buy`,
        { rate: { id: rate.id }, ...(box.insurance ? { insurance: box.insurance.toFixed(2) } : {}) },
        `${reference}:buy`,
      );
    }
    if (!shipment.postage_label?.label_pdf_url && shipment.id) {
      // Ask EasyPost for the PDF rendition of the label (GET /shipments/:id/label?file_format=PDF).
      shipment = await call<Shipment>('GET', `/shipments/${shipment.id}/label?file_format=PDF`);
    }
    const url = shipment.postage_label?.label_pdf_url ?? shipment.postage_label?.label_url;
    if (!url || !shipment.tracking_code) throw new CarrierHttpError(502, 'The carrier returned no label');
    // The document is on EasyPost's file host: no credentials are sent there.
    const pdfRes = await http.request({ method: 'GET', path: url });
    if (!pdfRes.ok) throw new CarrierHttpError(502, 'The label document could not be downloaded');
    return {
      ref: shipment.id,
      carrier: req.account.carrier,
      service: shipment.selected_rate?.service ?? 'Ground',
      tracking_code: shipment.tracking_code,
      tracking_url: carrierTrackingUrl(req.account.carrier, shipment.tracking_code),
      box_index: index + 1,
      weight: box.weight,
      insurance: box.insurance ?? null,
      pdf: pdfRes.bytes,
    };
  }

  return {
    kind: 'easypost',
    async voidLabels(req): Promise<LabelVoidResult> {
      const errors: CarrierError[] = [];
      for (const label of req.labels) {
        try {
          const refunded = await call<Shipment>(
            'POST',
            `/shipments/${encodeURIComponent(label.ref)}/refund`,
            {},
            `${label.ref}:refund`,
          );
          if (refunded.refund_status === 'rejected') {
            errors.push({
              code: null,
              carrier: req.account.carrier,
              message: `${label.tracking_code}: refund rejected`,
            });
          }
        } catch (err) {
          // A ProviderUnavailableError (no answer) is thrown on: the compensation failed and is reported.
          if (!(err instanceof CarrierHttpError)) throw err;
          errors.push({
            code: null,
            carrier: req.account.carrier,
            message: `${label.tracking_code}: ${err.message}`,
          });
        }
      }
      return errors.length ? { ok: false, errors } : { ok: true };
    },
    async buyLabels(req): Promise<LabelPurchaseResult> {
      const labels: BoughtLabel[] = [];
      try {
        for (let i = 0; i < req.boxes.length; i++) labels.push(await buyBox(req, i));
        return { ok: true, labels };
      } catch (err) {
        const carrier = req.account.carrier;
        if (err instanceof CarrierHttpError) {
          const error: CarrierError = {
            code: classifyCarrierMessage(err.message, err.status),
            carrier,
            message: err.message,
          };
          return { ok: false, errors: [error] };
        }
        const timeout =
          (err instanceof ProviderUnavailableError && err.reason === 'timeout') ||
          (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'));
        return {
          ok: false,
          errors: [
            {
              code: timeout ? 'NO_RESPONSE' : 'GENERAL',
              carrier,
              message: err instanceof Error ? err.message : String(err),
            },
          ],
        };
      }
    },
  };
}
