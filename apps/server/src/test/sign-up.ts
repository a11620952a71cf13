import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The console's public client credential, which a sign-up must carry. */
const CONSOLE_CLIENT = `Basic ${Buffer.from('merchant-console:public').toString('base64')}`;

/** POST /a/v2/users as the console sends it, optionally from a given remote address. */
export function postSignUp(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/a/v2/users',
    headers: { authorization: CONSOLE_CLIENT },
    payload,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}
