/** Billing details and payment onboarding (owner). Its part of the endpoint table (endpoints.ts). */
import { bodyErrors, errors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { TmkParamsSchema } from '../merchant/schemas.ts';
import {
  BillingBodySchema,
  BillingResponseSchema,
  BillingSaveResponseSchema,
  StripeOnboardingSchema,
} from './schemas.ts';

export const billingEndpoints = {
  getBilling: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/payments',
    tags: TAGS.billing,
    summary: 'Billing details (owner); the account number is masked',
    access: { capability: 'billing.read' },
    params: TmkParamsSchema,
    responses: { 200: BillingResponseSchema, ...merchantErrors },
  },
  saveBilling: {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/payments',
    tags: TAGS.billing,
    summary: 'Save billing details (owner; terms must be accepted)',
    description:
      'The account number is stored sealed (AES-256-GCM) and only its last 4 digits are ever shown. Omit it, or send the masked value, to keep the stored one.',
    access: { capability: 'billing.write' },
    params: TmkParamsSchema,
    body: BillingBodySchema,
    responses: { 200: BillingSaveResponseSchema, ...merchantErrors, ...bodyErrors },
  },
  getStripeOnboarding: {
    method: 'GET',
    path: '/v1/merchant/{tmk}/stripe',
    tags: TAGS.billing,
    summary: 'Payment onboarding links (owner): onboarding_data.url until complete, then login_link',
    access: { capability: 'billing.read' },
    params: TmkParamsSchema,
    responses: { 200: StripeOnboardingSchema, ...merchantErrors, ...errors(502) },
  },
} as const satisfies Record<string, Endpoint>;
