/**
 * Replies to the store's texting number, as Twilio reports them (docs/decisions/0147): a STOP (or Twilio's
 * `OptOutType=STOP`) turns text alerts off for that number, START turns them on again. Twilio posts a form
 * to `PUBLIC_URL/v1/sms/twilio/inbound` (the number's "A message comes in" webhook) signed with
 * `X-Twilio-Signature`: base64 HMAC-SHA1, keyed by the auth token, of the URL followed by each parameter's
 * name and value in name order (https://www.twilio.com/docs/usage/security#validating-requests). Checked
 * here in a few lines rather than through Twilio's SDK, which would add megabytes for one function.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { inboundTextIntent } from '@mc/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { markOptedOut } from './settings.ts';

export const TWILIO_INBOUND_PATH = '/v1/sms/twilio/inbound';

export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  let data = url;
  for (const name of names) for (const value of params.getAll(name)) data += name + value;
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

export function registerTwilioInbound(app: FastifyInstance, ctx: AppContext): void {
  const twilio = ctx.config.twilio;
  if (!twilio) return;
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_req, body, done) => done(null, body),
    );
    scope.post(TWILIO_INBOUND_PATH, { schema: { hide: true } }, async (req, reply) => {
      const params = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
      const url = `${ctx.config.publicUrl.replace(/\/$/, '')}${TWILIO_INBOUND_PATH}`;
      const given = Buffer.from(String(req.headers['x-twilio-signature'] ?? ''));
      const expected = Buffer.from(twilioSignature(twilio.authToken, url, params));
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply.status(403).send({ message: 'Invalid signature' });
      const from = params.get('From') ?? '';
      const intent = inboundTextIntent(params.get('Body') ?? '', params.get('OptOutType'));
      if (from && intent) {
        await markOptedOut(ctx, from, intent === 'stop');
        req.log.info({ intent }, 'text alerts: a number replied to the store number');
      }
      return reply.type('text/xml').send(EMPTY_TWIML);
    });
  });
}
