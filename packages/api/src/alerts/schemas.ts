/** Alerts to staff: a person's own alert settings and mobile number, and the store's escalation. */
import {
  ALERT_CHANNELS,
  ESCALATION_GROUPS,
  PHONE_CODE_LENGTH,
  phoneSchema,
  text,
  UNACCEPTED_MINUTES_MAX,
  UNACCEPTED_MINUTES_MIN,
} from '@mc/domain';
import { z } from 'zod';

const channelList = (field: string) =>
  z
    .array(z.enum(ALERT_CHANNELS, { error: `${field}: a channel is 'sms' or 'email'` }), {
      error: `${field} is a list of channels ('sms', 'email')`,
    })
    .max(ALERT_CHANNELS.length, `${field}: each channel once`)
    .refine((l) => new Set(l).size === l.length, `${field}: each channel once`);

/** PUT /a/v2/users/{id}/alerts: what this person is told, and how. */
export const AlertPreferencesSchema = z
  .object({
    new_order: channelList('new_order'),
    unaccepted: channelList('unaccepted'),
    sla_risk: channelList('sla_risk'),
    batch_ready: z
      .array(z.literal('email', { error: "batch_ready: only 'email' (documents are not sent by text)" }), {
        error: "batch_ready is a list of channels ('email')",
      })
      .max(1, 'batch_ready: each channel once'),
    only_during_store_hours: z.boolean({ error: 'only_during_store_hours must be true or false' }),
  })
  .meta({ id: 'AlertPreferences' });
export type AlertPreferencesBody = z.input<typeof AlertPreferencesSchema>;

export const AlertPhoneSchema = z
  .object({
    /** The confirmed mobile number texts go to (E.164), or null. */
    number: z.string().nullable(),
    /** The number replied STOP (or the carrier reported it opted out): no text goes to it until confirmed again. */
    opted_out: z.boolean(),
    /** A number waiting for its code, and until when the code works. */
    pending_number: z.string().nullable(),
    code_expires_at: z.string().nullable(),
  })
  .meta({ id: 'AlertPhone' });

export const AlertSettingsSchema = AlertPreferencesSchema.extend({ phone: AlertPhoneSchema }).meta({
  id: 'AlertSettings',
});
export type AlertSettings = z.infer<typeof AlertSettingsSchema>;

/** POST /a/v2/users/{id}/alerts/phone: text a code to this number. */
export const AlertPhoneBodySchema = z
  .object({ phone_number: phoneSchema('phone_number', { required: true }) })
  .meta({ id: 'AlertPhoneBody' });
export type AlertPhoneBody = z.input<typeof AlertPhoneBodySchema>;

export const AlertPhoneCodeSentSchema = z
  .object({ pending_number: z.string(), code_expires_at: z.string() })
  .meta({ id: 'AlertPhoneCodeSent' });
export type AlertPhoneCodeSent = z.infer<typeof AlertPhoneCodeSentSchema>;

/** POST /a/v2/users/{id}/alerts/phone/confirm: the code that was texted. */
export const AlertPhoneConfirmBodySchema = z
  .object({
    code: text('short', { error: 'Please enter the code' })
      .trim()
      .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), `The code is ${PHONE_CODE_LENGTH} digits`),
  })
  .meta({ id: 'AlertPhoneConfirmBody' });
export type AlertPhoneConfirmBody = z.input<typeof AlertPhoneConfirmBodySchema>;

/** PUT /c/v2/merchants/{tmk}/alerts: the store's escalation of orders nobody answered. */
export const StoreAlertsBodySchema = z
  .object({
    unaccepted_after_minutes: z
      .number({ error: 'unaccepted_after_minutes must be a number of minutes or null' })
      .int('unaccepted_after_minutes must be whole minutes')
      .min(
        UNACCEPTED_MINUTES_MIN,
        `unaccepted_after_minutes must be ${UNACCEPTED_MINUTES_MIN} to ${UNACCEPTED_MINUTES_MAX}`,
      )
      .max(
        UNACCEPTED_MINUTES_MAX,
        `unaccepted_after_minutes must be ${UNACCEPTED_MINUTES_MIN} to ${UNACCEPTED_MINUTES_MAX}`,
      )
      .nullable(),
    escalate_to: z.enum(ESCALATION_GROUPS, {
      error: "escalate_to must be 'owners' or 'owners_and_managers'",
    }),
  })
  .meta({ id: 'StoreAlertsBody' });
export type StoreAlertsBody = z.input<typeof StoreAlertsBodySchema>;

/** GET/PUT /c/v2/merchants/{tmk}/alerts: the answer. */
export const StoreAlertsSchema = z
  .object({
    unaccepted_after_minutes: z.number().int().nullable(),
    escalate_to: z.enum(ESCALATION_GROUPS),
  })
  .meta({ id: 'StoreAlerts' });
export type StoreAlerts = z.infer<typeof StoreAlertsSchema>;
