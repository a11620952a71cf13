import type { BillingBody, BillingResponse, BillingSaveResponse } from '@mc/api';
import { DomainError, maskAccountNumber, requiredMessage } from '@mc/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { merchantPayments } from '../../db/schema.ts';
import { seal } from './seal.ts';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const s = (v: unknown) => (typeof v === 'string' ? v : '');
const addr = (v: unknown) => {
  const a = obj(v);
  return {
    street_address: s(a.street_address),
    locality: s(a.locality),
    region: s(a.region),
    postal_code: s(a.postal_code),
  };
};

/** The stored billing data as the form reads it: the account number masked to its last 4. */
export function toBilling(row: typeof merchantPayments.$inferSelect | undefined): BillingResponse {
  const d = obj(row?.data);
  const ind = obj(d.individual);
  const fund = obj(d.funding);
  const bus = obj(d.business);
  const last4 = s(fund.account_number_last_4);
  return {
    is_business: d.is_business === true,
    individual: {
      first_name: s(ind.first_name),
      last_name: s(ind.last_name),
      email: s(ind.email),
      phone: s(ind.phone),
      date_of_birth: s(ind.date_of_birth),
      address: addr(ind.address),
    },
    funding: {
      descriptor: s(fund.descriptor),
      routing_number: s(fund.routing_number),
      account_number: maskAccountNumber(last4),
      account_number_last_4: last4,
    },
    business: {
      legal_name: s(bus.legal_name),
      dba_name: s(bus.dba_name),
      tax_id: s(bus.tax_id),
      address: addr(bus.address),
    },
    tos_accepted: row?.tos_accepted ?? false,
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}

export async function loadBillingRow(db: DbOrTx, merchantId: string) {
  const [row] = await db
    .select()
    .from(merchantPayments)
    .where(eq(merchantPayments.merchant_id, merchantId))
    .limit(1);
  return row;
}

const isMasked = (v: string | undefined) => /[*•]/.test(v ?? '');

/**
 * POST /c/v2/merchants/{tmk}/payments. The body is already validated by the domain's BillingSchema
 * (routing number digits only, EIN without dashes). A missing or masked account number keeps the stored one.
 */
export async function saveBilling(
  ctx: AppContext,
  merchantId: string,
  body: BillingBody,
): Promise<BillingResponse> {
  const { db } = ctx.database;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(merchantPayments)
      .where(eq(merchantPayments.merchant_id, merchantId))
      .limit(1)
      .for('update');
    const oldFunding = obj(obj(existing?.data).funding);
    const given = body.funding.account_number?.trim();
    let sealed = s(oldFunding.account_number_sealed);
    let last4 = s(oldFunding.account_number_last_4);
    if (given && !isMasked(given)) {
      sealed = seal(ctx.config.jwtSecret, given);
      last4 = given.slice(-4);
    }
    if (!sealed) {
      const message = requiredMessage('account_number');
      throw new DomainError('VALIDATION', message, { errors: [{ path: 'funding.account_number', message }] });
    }
    const isBusiness = body.is_business === true;
    const data = {
      is_business: isBusiness,
      individual: body.individual,
      funding: {
        descriptor: body.funding.descriptor ?? '',
        routing_number: body.funding.routing_number,
        account_number_sealed: sealed,
        account_number_last_4: last4,
      },
      business: {
        legal_name: isBusiness ? (body.business.legal_name ?? '') : '',
        dba_name: isBusiness ? (body.business.dba_name ?? '') : '',
        tax_id: isBusiness ? (body.business.tax_id ?? '') : '',
        address: body.business.address,
      },
    };
    const values = { merchant_id: merchantId, data, tos_accepted: true, updated_at: new Date() };
    const [row] = await tx
      .insert(merchantPayments)
      .values(values)
      .onConflictDoUpdate({ target: merchantPayments.merchant_id, set: values })
      .returning();
    return toBilling(row);
  });
}

/** GET …/payments: the billing form's data, the account number masked. */
export async function getBilling(db: DbOrTx, merchantId: string): Promise<BillingResponse> {
  return toBilling(await loadBillingRow(db, merchantId));
}

/** POST …/payments: saved, answered with the form's data. */
export async function saveBillingForm(
  ctx: AppContext,
  merchantId: string,
  body: BillingBody,
): Promise<BillingSaveResponse> {
  return { success: true, errors: {}, billing: await saveBilling(ctx, merchantId, body) };
}
