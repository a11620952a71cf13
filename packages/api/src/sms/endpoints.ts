/** An order's delivery directions by text message. Its part of the endpoint table (endpoints.ts). */
import { bodyErrors, errors, merchantErrors, TAGS } from '../endpoint-parts.ts';
import type { Endpoint } from '../endpoint-types.ts';
import { SendSmsBodySchema, SendSmsResponseSchema } from './schemas.ts';

export const smsEndpoints = {
  sendDirectionsSms: {
    method: 'POST',
    path: '/m/v2/sms',
    tags: TAGS.orders,
    summary: "Text an order's delivery directions to a phone",
    description:
      'Body `{number, order_id}`. The number is parsed with +1 as the default country code and must be a valid ' +
      "phone number ('Please enter a valid phone number'). The server writes the message from the order: the " +
      "recipient's name, address, phone and a maps directions link.",
    access: { capability: 'orders.write' },
    body: SendSmsBodySchema,
    responses: { 200: SendSmsResponseSchema, ...merchantErrors, ...errors(409, 429, 502), ...bodyErrors },
  },
} as const satisfies Record<string, Endpoint>;
