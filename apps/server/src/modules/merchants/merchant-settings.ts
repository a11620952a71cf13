import type { HoursResponse, MerchantAuxDataBody, MerchantDetailsBody } from '@mc/api';
import { DomainError, formatUsPhone, type HoursBody, WEEKDAYS } from '@mc/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { MerchantRow } from '../../db/rows.ts';
import { merchantHours, merchants } from '../../db/schema.ts';
import { announceMerchantChanged } from '../auth/index.ts';

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** POST /c/v2/merchants/{tmk}: the Store Details form (the contacts are saved by saveMerchantAuxData). */
export async function saveMerchantDetails(
  ctx: AppContext,
  merchant: MerchantRow,
  body: MerchantDetailsBody,
): Promise<MerchantRow> {
  const timezone = body.timezone?.trim();
  if (timezone && !isTimeZone(timezone)) {
    throw new DomainError('VALIDATION', 'Please enter a valid timezone', {
      errors: [{ path: 'timezone', message: 'Please enter a valid timezone' }],
    });
  }
  const [row] = await ctx.database.db
    .update(merchants)
    .set({
      name: body.name.trim(),
      street_1: body.address.street_1.trim(),
      street_2: body.address.street_2.trim(),
      street_3: body.address.street_3?.trim() ?? '',
      city: body.address.city.trim(),
      state: body.address.state.trim().toUpperCase(),
      zipcode: body.address.zipcode.trim(),
      primary_phone: formatUsPhone(body.primary_phone),
      email: body.email.trim(),
      ...(timezone ? { timezone } : {}),
      updated_at: new Date(),
    })
    .where(eq(merchants.id, merchant.id))
    .returning();
  if (!row) throw new DomainError('NOT_FOUND', 'Merchant not found');
  await announceMerchantChanged(ctx, merchant.id);
  return row;
}

/** POST /c/v2/merchants/{tmk}/data: contacts merged into aux data (other aux keys are kept). */
export async function saveMerchantAuxData(
  ctx: AppContext,
  merchant: MerchantRow,
  body: MerchantAuxDataBody,
): Promise<MerchantRow> {
  const phone = body.secondary_phone_number?.trim() ?? '';
  const patch = {
    primary_contact_name: body.primary_contact_name.trim(),
    secondary_contact_name: body.secondary_contact_name?.trim() ?? '',
    secondary_email: body.secondary_email?.trim() ?? '',
    secondary_phone_number: phone ? formatUsPhone(phone) : '',
  };
  const [row] = await ctx.database.db
    .update(merchants)
    .set({ aux_data: sql`${merchants.aux_data} || ${JSON.stringify(patch)}::jsonb`, updated_at: new Date() })
    .where(eq(merchants.id, merchant.id))
    .returning();
  if (!row) throw new DomainError('NOT_FOUND', 'Merchant not found');
  await announceMerchantChanged(ctx, merchant.id);
  return row;
}

const DAY_ORDER = new Map<string, number>(WEEKDAYS.map((d, i) => [d, i]));

/** The merchant's weekly hours, Monday first (also what the SLA clock reads as business days). */
export async function loadMerchantHours(db: DbOrTx, merchantId: string): Promise<HoursResponse> {
  const rows = await db
    .select({
      weekday: merchantHours.weekday,
      time_open: merchantHours.time_open,
      time_close: merchantHours.time_close,
    })
    .from(merchantHours)
    .where(eq(merchantHours.merchant_id, merchantId))
    .orderBy(asc(merchantHours.weekday));
  rows.sort((a, b) => (DAY_ORDER.get(a.weekday) ?? 9) - (DAY_ORDER.get(b.weekday) ?? 9));
  return { regular_hours: rows };
}

export const CLOSE_AFTER_OPEN_MESSAGE = 'The closing time must be after the opening time';

/** PUT /c/v2/merchants/{tmk}/hours: replaces the week (a day not listed is closed). */
export async function saveMerchantHours(
  ctx: AppContext,
  merchantId: string,
  body: HoursBody,
): Promise<HoursResponse> {
  const errors = body.regular_hours.flatMap((h, i) =>
    h.time_close <= h.time_open
      ? [{ path: `regular_hours.${i}.time_close`, message: CLOSE_AFTER_OPEN_MESSAGE }]
      : [],
  );
  if (errors.length) throw new DomainError('VALIDATION', errors[0]!.message, { errors });
  await ctx.database.db.transaction(async (tx) => {
    await tx.delete(merchantHours).where(eq(merchantHours.merchant_id, merchantId));
    if (body.regular_hours.length) {
      await tx
        .insert(merchantHours)
        .values(body.regular_hours.map((h) => ({ merchant_id: merchantId, ...h })));
    }
  });
  return loadMerchantHours(ctx.database.db, merchantId);
}
