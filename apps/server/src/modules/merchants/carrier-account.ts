import {
  CARRIER_CHOICES,
  type CarrierAccount,
  type CarrierAccountBody,
  LABEL_FORMATS,
  LABEL_SIZES,
} from '@mc/api';
import { DomainError, maskAccountNumber } from '@mc/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { carrierAccounts } from '../../db/schema.ts';

type CarrierRow = typeof carrierAccounts.$inferSelect;

const pick = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** The carrier account as the API shows it: the account number masked to its last 4. */
export function toCarrierAccount(row: CarrierRow | undefined): CarrierAccount {
  if (!row) return { carrier: null, account_number: null, label_size: '4x6', label_format: 'PDF' };
  const carrier = CARRIER_CHOICES.find((c) => c.toLowerCase() === row.carrier.toLowerCase()) ?? null;
  return {
    carrier,
    account_number: maskAccountNumber(row.account_number.slice(-4)),
    label_size: pick(LABEL_SIZES, row.label_size, '4x6'),
    label_format: pick(LABEL_FORMATS, row.label_format, 'PDF'),
  };
}

export async function loadCarrierRow(db: DbOrTx, merchantId: string): Promise<CarrierRow | undefined> {
  const [row] = await db
    .select()
    .from(carrierAccounts)
    .where(eq(carrierAccounts.merchant_id, merchantId))
    .limit(1);
  return row;
}

const isMasked = (v: string) => /[*•]/.test(v);

/** POST /c/v2/merchants/{tmk}/carrier: creates or replaces the account; a masked number keeps the stored one. */
export async function saveCarrierAccount(
  ctx: AppContext,
  merchantId: string,
  body: CarrierAccountBody,
): Promise<CarrierAccount> {
  const { db } = ctx.database;
  const existing = await loadCarrierRow(db, merchantId);
  const given = body.account_number?.trim() ?? '';
  const accountNumber = given && !isMasked(given) ? given : existing?.account_number;
  if (!accountNumber) {
    const message = 'Please enter your account number';
    throw new DomainError('VALIDATION', message, { errors: [{ path: 'account_number', message }] });
  }
  const values = {
    merchant_id: merchantId,
    carrier: body.carrier,
    account_number: accountNumber,
    label_size: body.label_size,
    label_format: body.label_format,
    updated_at: new Date(),
  };
  const [row] = await db
    .insert(carrierAccounts)
    .values(values)
    .onConflictDoUpdate({ target: carrierAccounts.merchant_id, set: values })
    .returning();
  return toCarrierAccount(row);
}

/** GET …/carrier: the account, masked (nulls when none is set up). */
export async function getCarrierAccount(db: DbOrTx, merchantId: string): Promise<CarrierAccount> {
  return toCarrierAccount(await loadCarrierRow(db, merchantId));
}
