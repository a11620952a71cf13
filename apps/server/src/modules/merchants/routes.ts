import type { AppContext } from '../../context.ts';
import type { EndpointHandlers } from '../../lib/endpoint-handlers.ts';
import { getCarrierAccount, saveCarrierAccount } from './carrier-account.ts';
import {
  loadMerchantHours,
  saveMerchantAuxData,
  saveMerchantDetails,
  saveMerchantHours,
} from './merchant-settings.ts';
import { stripeAccountStatus, toMerchant, viewMerchant } from './merchant-view.ts';

type MerchantOperation =
  | 'getMerchant'
  | 'updateMerchant'
  | 'updateMerchantData'
  | 'getMerchantHours'
  | 'replaceMerchantHours'
  | 'getCarrierAccount'
  | 'saveCarrierAccount'
  | 'getStripeAccount';

/** Store details, contacts, hours, the carrier account and the payment account status. */
export function merchantHandlers(ctx: AppContext): EndpointHandlers<MerchantOperation> {
  const { db } = ctx.database;
  return {
    getMerchant: async ({ caller }) => toMerchant(db, caller.merchant, caller.principal.roles),
    updateMerchant: async ({ caller, body }) =>
      viewMerchant(db, saveMerchantDetails(ctx, caller.merchant, body), caller.principal.roles),
    updateMerchantData: async ({ caller, body }) =>
      viewMerchant(db, saveMerchantAuxData(ctx, caller.merchant, body), caller.principal.roles),
    getMerchantHours: async ({ caller }) => loadMerchantHours(db, caller.merchant.id),
    replaceMerchantHours: async ({ caller, body }) => saveMerchantHours(ctx, caller.merchant.id, body),
    getCarrierAccount: async ({ caller }) => getCarrierAccount(db, caller.merchant.id),
    saveCarrierAccount: async ({ caller, body }) => saveCarrierAccount(ctx, caller.merchant.id, body),
    getStripeAccount: async ({ caller }) => stripeAccountStatus(caller.merchant, caller.principal.roles),
  };
}
