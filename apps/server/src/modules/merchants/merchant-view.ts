import type { Merchant, StripeAccount } from '@mc/api';
import { can } from '@mc/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { MerchantRow } from '../../db/rows.ts';
import { carrierAccounts } from '../../db/schema.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The payment account id as a role may see it: payment onboarding is the owner's (billing.read), so other
 * roles get it masked, which still tells the console that an account exists.
 */
export function visibleAccountId(id: string | null, roles: readonly string[]): string | null {
  if (id === null || can(roles, 'billing.read')) return id;
  return `******${id.slice(-4)}`;
}

export async function toMerchant(db: DbOrTx, m: MerchantRow, roles: readonly string[]): Promise<Merchant> {
  const [carrier] = await db
    .select({ carrier: carrierAccounts.carrier })
    .from(carrierAccounts)
    .where(eq(carrierAccounts.merchant_id, m.id))
    .limit(1);
  return {
    id: m.id,
    tmk: m.tmk,
    name: m.name,
    carrier_integration: Boolean(carrier),
    merchant_account_id: visibleAccountId(m.merchant_account_id, roles),
    timezone: m.timezone,
    address: {
      street_1: m.street_1,
      // Stores set up before the suite had its own column kept it with the contacts: answer it where a
      // save puts it, so what GET answers, POST accepts back.
      street_2: m.street_2 || str(m.aux_data.suite_floor),
      street_3: m.street_3,
      city: m.city,
      state: m.state,
      zipcode: m.zipcode,
    },
    primary_phone: m.primary_phone,
    email: m.email,
    aux_data: {
      primary_contact_name: str(m.aux_data.primary_contact_name),
      secondary_contact_name: str(m.aux_data.secondary_contact_name),
      secondary_email: str(m.aux_data.secondary_email),
      secondary_phone_number: str(m.aux_data.secondary_phone_number),
      suite_floor: str(m.aux_data.suite_floor),
    },
  };
}

/** GET …/payments/stripe: the payment account, null until onboarding is complete. */
export function stripeAccountStatus(m: MerchantRow, roles: readonly string[]): StripeAccount {
  return {
    merchant_account_id: m.payments_onboarded ? visibleAccountId(m.merchant_account_id, roles) : null,
  };
}

/** The merchant as the API shows it, after a save. */
export async function viewMerchant(
  db: DbOrTx,
  saved: Promise<MerchantRow>,
  roles: readonly string[],
): Promise<Merchant> {
  return toMerchant(db, await saved, roles);
}
