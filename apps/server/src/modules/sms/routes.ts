import { ErrorBodySchema, SendSmsBodySchema, SendSmsResponseSchema } from '@mc/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireOwnMerchant } from '../../plugins/auth.ts';
import { sendDirections } from './send-directions.ts';

export function registerSmsRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/m/v2/sms',
    {
      schema: {
        tags: ['Orders'],
        summary: "Text an order's delivery directions to a phone",
        description:
          'Body `{number, order_id}`. The number is parsed with +1 as the default country code and must be a valid ' +
          "phone number ('Please enter a valid phone number'). The server writes the message from the order: the " +
          "recipient's name, address, phone and a maps directions link.",
        body: SendSmsBodySchema,
        response: {
          200: SendSmsResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          404: ErrorBodySchema,
          409: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (req) => {
      const { merchant } = await requireOwnMerchant(ctx, req, 'orders.write');
      return sendDirections(ctx, merchant, req.body);
    },
  );
}
