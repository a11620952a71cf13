/**
 * What the per-resource examples (`<resource>/examples.ts`) share: their type, the merchant key, order id
 * and time they use, and the signed-in user (accounts and team). Not exported from the package.
 */
import type { BodyOf, ResponseOf } from './api-client.ts';
import type { User } from './auth/schemas.ts';
import type { OperationId } from './endpoints.ts';

/** Examples of some operations: a request body and the success answer, typed from the table. */
export type EndpointExamples<K extends OperationId = OperationId> = {
  [P in K]?: { body?: BodyOf<P>; response?: ResponseOf<P> };
};

export const TMK = 'demo-wine';
export const ORDER_ID = '2ABNPFR-3A0-9E';
export const AT = '2026-11-24T15:04:05.000Z';

export const user: User = {
  id: '6f1c2b9e-4a7d-4c1e-9a53-0d8e7f6a5b4c',
  first_name: 'Olive',
  last_name: 'Owner',
  email: 'owner@demo.test',
  phone_number: '(212) 736-5000',
  birthday: null,
  date_created: '2026-01-05T10:00:00.000Z',
  last_login: AT,
  userRoles: ['merch.owner'],
  aux_data: { authorized_merchant: TMK },
  email_verified: true,
  pending_email: null,
  has_password: true,
  password_must_change: false,
};
