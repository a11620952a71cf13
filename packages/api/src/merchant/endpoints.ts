/**
 * The store (/c/v2): its details, contacts, weekly hours, carrier account and payment account status. Its
 * part of the endpoint table (endpoints.ts).
 */
import { bodyErrors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { CarrierAccountBodySchema, CarrierAccountSchema } from './carrier-schemas.ts';
import { MerchantSchema, StripeAccountSchema, TmkParamsSchema } from './schemas.ts';
import {
  HoursBodySchema,
  HoursResponseSchema,
  MerchantAuxDataBodySchema,
  MerchantDetailsBodySchema,
} from './settings-schemas.ts';

export const merchantEndpoints = {
  getMerchant: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}',
    tags: TAGS.merchant,
    summary: 'Merchant details',
    access: { capability: 'merchant.read' },
    params: TmkParamsSchema,
    responses: { 200: MerchantSchema, ...merchantErrors },
  },
  updateMerchant: {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}',
    tags: TAGS.merchant,
    summary: 'Save the store details (name, address, primary phone and email, timezone)',
    access: { capability: 'merchant.write' },
    params: TmkParamsSchema,
    body: MerchantDetailsBodySchema,
    responses: { 200: MerchantSchema, ...merchantErrors, ...bodyErrors },
  },
  updateMerchantData: {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/data',
    tags: TAGS.merchant,
    summary: 'Save the store contacts kept in aux data',
    access: { capability: 'merchant.write' },
    params: TmkParamsSchema,
    body: MerchantAuxDataBodySchema,
    responses: { 200: MerchantSchema, ...merchantErrors, ...bodyErrors },
  },
  getMerchantHours: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/hours',
    tags: TAGS.merchant,
    summary: 'Weekly delivery hours',
    access: { capability: 'merchant.read' },
    params: TmkParamsSchema,
    responses: { 200: HoursResponseSchema, ...merchantErrors },
  },
  replaceMerchantHours: {
    method: 'PUT',
    path: '/c/v2/merchants/{tmk}/hours',
    tags: TAGS.merchant,
    summary: 'Replace the weekly delivery hours (a day not listed is closed)',
    access: { capability: 'hours.write' },
    params: TmkParamsSchema,
    body: HoursBodySchema,
    responses: { 200: HoursResponseSchema, ...merchantErrors, ...bodyErrors },
  },
  getCarrierAccount: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/carrier',
    tags: TAGS.merchant,
    summary:
      'Carrier account (masked); nulls when none is set up. Read by the label dialog, so every role may read it.',
    access: { capability: 'merchant.read' },
    params: TmkParamsSchema,
    responses: { 200: CarrierAccountSchema, ...merchantErrors },
  },
  saveCarrierAccount: {
    method: 'POST',
    path: '/c/v2/merchants/{tmk}/carrier',
    tags: TAGS.merchant,
    summary: 'Save the carrier account (a masked account number keeps the stored one)',
    access: { capability: 'carrier.write' },
    params: TmkParamsSchema,
    body: CarrierAccountBodySchema,
    responses: { 200: CarrierAccountSchema, ...merchantErrors, ...bodyErrors },
  },
  getStripeAccount: {
    method: 'GET',
    path: '/c/v2/merchants/{tmk}/payments/stripe',
    tags: TAGS.merchant,
    summary: 'Payment account status (null merchant_account_id: onboarding incomplete)',
    description:
      'Only the owner sees the account id; other roles get it masked (`******` and its last 4), enough to know payments are set up.',
    access: { capability: 'orders.read' },
    params: TmkParamsSchema,
    responses: { 200: StripeAccountSchema, ...merchantErrors },
  },
} as const satisfies Record<string, Endpoint>;
