/**
 * Alert settings (docs/decisions/0147): each person's own choices and mobile number, confirmed by a texted
 * code, and the store's escalation of unanswered orders.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { AlertPhoneCodeSent, AlertPreferencesBody, AlertSettings, StoreAlerts } from '@mc/api';
import {
  type AlertChannel,
  DEFAULT_ALERT_PREFERENCES,
  DEFAULT_STORE_ESCALATION,
  DomainError,
  type EscalationGroup,
  invalid,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_TTL_MS,
  toE164Us,
} from '@mc/domain';
import { eq } from 'drizzle-orm';
import { SmsSendError } from '../../adapters/sms/sms.ts';
import type { AppContext } from '../../context.ts';
import { merchantAlertSettings, userAlertSettings, users } from '../../db/schema.ts';
import type { Principal } from '../../lib/principal.ts';
import { takeWindowSlot, type WindowLimit } from '../auth/index.ts';

type SettingsRow = typeof userAlertSettings.$inferSelect;

/** Codes texted per person and hour: each costs a message, and guessing gets 5 tries per code. */
export const PHONE_CODES_PER_HOUR: WindowLimit = {
  bucket: 'alerts:phone-code:1h',
  max: 5,
  windowMs: 3600_000,
};

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Only the person themself: another person's alert settings are not found, whoever asks. */
function ownId(principal: Principal, id: string): string {
  if (principal.apiKey || principal.userId !== id) throw new DomainError('NOT_FOUND', 'User not found');
  return id;
}

async function loadRow(ctx: AppContext, userId: string): Promise<SettingsRow | undefined> {
  const [row] = await ctx.database.db
    .select()
    .from(userAlertSettings)
    .where(eq(userAlertSettings.user_id, userId));
  return row;
}

/** Whether texts may go to this person's number now: confirmed and not opted out. */
export function canText(row: Pick<SettingsRow, 'phone_number' | 'phone_confirmed_at' | 'sms_opted_out_at'>) {
  return Boolean(row.phone_number && row.phone_confirmed_at && !row.sms_opted_out_at);
}

function view(row: SettingsRow | undefined, now = new Date()): AlertSettings {
  const live = row?.code_expires_at && row.code_expires_at > now && row.code_tries < PHONE_CODE_MAX_TRIES;
  return {
    new_order: (row?.new_order ?? DEFAULT_ALERT_PREFERENCES.new_order) as AlertChannel[],
    unaccepted: (row?.unaccepted ?? DEFAULT_ALERT_PREFERENCES.unaccepted) as AlertChannel[],
    sla_risk: (row?.sla_risk ?? DEFAULT_ALERT_PREFERENCES.sla_risk) as AlertChannel[],
    batch_ready: (row?.batch_ready ?? DEFAULT_ALERT_PREFERENCES.batch_ready).filter((c) => c === 'email'),
    only_during_store_hours:
      row?.only_during_store_hours ?? DEFAULT_ALERT_PREFERENCES.only_during_store_hours,
    phone: {
      number: row?.phone_confirmed_at ? (row.phone_number ?? null) : null,
      opted_out: Boolean(row?.sms_opted_out_at),
      pending_number: live ? (row?.pending_phone ?? null) : null,
      code_expires_at: live ? (row?.code_expires_at?.toISOString() ?? null) : null,
    },
  };
}

export async function getAlertSettings(ctx: AppContext, principal: Principal, id: string) {
  return view(await loadRow(ctx, ownId(principal, id)));
}

export async function setAlertSettings(
  ctx: AppContext,
  principal: Principal,
  id: string,
  body: AlertPreferencesBody,
): Promise<AlertSettings> {
  const userId = ownId(principal, id);
  const row = await loadRow(ctx, userId);
  const texting = (['new_order', 'unaccepted', 'sla_risk'] as const).find((k) => body[k].includes('sms'));
  // Text needs a confirmed number. A number that opted out keeps its choices (the page says why no text
  // goes); confirming it again turns texts back on.
  if (texting && !(row?.phone_number && row.phone_confirmed_at))
    throw invalid(texting, 'Confirm a mobile number before choosing text alerts');
  const values = {
    new_order: body.new_order,
    unaccepted: body.unaccepted,
    sla_risk: body.sla_risk,
    batch_ready: body.batch_ready,
    only_during_store_hours: body.only_during_store_hours,
    updated_at: new Date(),
  };
  const [saved] = await ctx.database.db
    .insert(userAlertSettings)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: userAlertSettings.user_id, set: values })
    .returning();
  return view(saved);
}

/** Texts a fresh 6-digit code to the number; the number takes alerts once the code comes back. */
export async function startAlertPhone(
  ctx: AppContext,
  principal: Principal,
  id: string,
  phoneNumber: string,
): Promise<AlertPhoneCodeSent> {
  const userId = ownId(principal, id);
  const e164 = toE164Us(phoneNumber);
  if (!e164) throw invalid('phone_number', 'Please enter a valid phone_number');
  const wait = await takeWindowSlot(ctx.database.db, PHONE_CODES_PER_HOUR, userId);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new DomainError(
      'RATE_LIMITED',
      `We already texted ${PHONE_CODES_PER_HOUR.max} codes this hour. Please try again in ${Math.ceil(seconds / 60)} minute(s).`,
      { headers: { 'retry-after': String(seconds) } },
    );
  }
  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
  const expires = new Date(Date.now() + PHONE_CODE_TTL_MS);
  try {
    await ctx.adapters.sms.send(
      e164,
      `Your merchant console code is ${code}. It confirms this number for order alerts and works for 10 minutes.`,
    );
  } catch (error) {
    if (error instanceof SmsSendError && error.status && error.status >= 400 && error.status < 500)
      throw invalid('phone_number', 'This number cannot receive texts. Please check it or use another one.');
    throw new DomainError('UNAVAILABLE', 'The code could not be texted right now. Please try again later.');
  }
  const values = { pending_phone: e164, code_hash: hashCode(code), code_expires_at: expires, code_tries: 0 };
  await ctx.database.db
    .insert(userAlertSettings)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: userAlertSettings.user_id, set: values });
  return { pending_number: e164, code_expires_at: expires.toISOString() };
}

export async function confirmAlertPhone(
  ctx: AppContext,
  principal: Principal,
  id: string,
  code: string,
): Promise<AlertSettings> {
  const userId = ownId(principal, id);
  // A wrong code is counted in its own committed write: the refusal must not roll the count back.
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userAlertSettings)
      .where(eq(userAlertSettings.user_id, userId))
      .for('update');
    const now = new Date();
    if (!row?.code_hash || !row.pending_phone || !row.code_expires_at || row.code_expires_at <= now)
      return { refused: 'This code has expired. Please ask for a new one.' };
    if (row.code_tries >= PHONE_CODE_MAX_TRIES)
      return { refused: 'Too many wrong codes. Please ask for a new one.' };
    const given = Buffer.from(hashCode(code));
    if (!timingSafeEqual(given, Buffer.from(row.code_hash))) {
      const tries = row.code_tries + 1;
      await tx
        .update(userAlertSettings)
        .set({ code_tries: tries })
        .where(eq(userAlertSettings.user_id, userId));
      const left = PHONE_CODE_MAX_TRIES - tries;
      return {
        refused:
          left > 0
            ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
            : 'Too many wrong codes. Please ask for a new one.',
      };
    }
    const [saved] = await tx
      .update(userAlertSettings)
      .set({
        phone_number: row.pending_phone,
        phone_confirmed_at: now,
        sms_opted_out_at: null,
        pending_phone: null,
        code_hash: null,
        code_expires_at: null,
        code_tries: 0,
        updated_at: now,
      })
      .where(eq(userAlertSettings.user_id, userId))
      .returning();
    return { settings: view(saved, now) };
  });
  if ('refused' in outcome) throw invalid('code', outcome.refused as string);
  return outcome.settings;
}

/**
 * Text alerts off for a number (a STOP reply, or Twilio refusing it as opted out). Every person with that
 * number is concerned: a shared shop phone stops for all.
 */
export async function markOptedOut(ctx: Pick<AppContext, 'database'>, phone: string, optedOut: boolean) {
  await ctx.database.db
    .update(userAlertSettings)
    .set({ sms_opted_out_at: optedOut ? new Date() : null, updated_at: new Date() })
    .where(eq(userAlertSettings.phone_number, phone));
}

export async function getStoreAlerts(ctx: AppContext, merchantId: string): Promise<StoreAlerts> {
  const [row] = await ctx.database.db
    .select()
    .from(merchantAlertSettings)
    .where(eq(merchantAlertSettings.merchant_id, merchantId));
  return row
    ? {
        unaccepted_after_minutes: row.unaccepted_after_minutes,
        escalate_to: row.escalate_to as EscalationGroup,
      }
    : { ...DEFAULT_STORE_ESCALATION };
}

export async function setStoreAlerts(
  ctx: AppContext,
  merchantId: string,
  body: StoreAlerts,
): Promise<StoreAlerts> {
  const values = { ...body, updated_at: new Date() };
  await ctx.database.db
    .insert(merchantAlertSettings)
    .values({ merchant_id: merchantId, ...values })
    .onConflictDoUpdate({ target: merchantAlertSettings.merchant_id, set: values });
  return getStoreAlerts(ctx, merchantId);
}

/** The people of a store with their alert settings (defaults for those who never saved any). */
export async function storeStaff(ctx: Pick<AppContext, 'database'>, merchantId: string) {
  return ctx.database.db
    .select({
      id: users.id,
      email: users.email,
      roles: users.roles,
      settings: userAlertSettings,
    })
    .from(users)
    .leftJoin(userAlertSettings, eq(userAlertSettings.user_id, users.id))
    .where(eq(users.authorized_merchant_id, merchantId));
}
