/** Examples for /openapi.json of the auth endpoints (endpoint-examples.ts). */
import { type EndpointExamples, user } from '../example-values.ts';
import type { authEndpoints } from './endpoints.ts';

const ok = { success: true } as const;

export const authExamples: EndpointExamples<keyof typeof authEndpoints> = {
  login: {
    body: { email: 'owner@demo.test', password: 'demo-password-1' },
    response: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZjFjIn0.c2lnbmF0dXJl', user },
  },
  signUp: {
    body: {
      first_name: 'Olive',
      last_name: 'Owner',
      email: 'olive@corner.test',
      password: 'a-long-password-1',
      birthday: '1980-04-12',
    },
    response: { user },
  },
  getUser: { response: user },
  updateUser: {
    body: { email: 'olive@corner.test', password: 'demo-password-1' },
    response: { ...user, pending_email: 'olive@corner.test' },
  },
  resendEmailVerification: { response: { success: true, message: 'We sent the link to olive@corner.test.' } },
  cancelEmailChange: { response: user },
  verifyEmail: {
    body: { token: 'q3Zt8mW1xYc5vB0nK7aR2sD9fG4hJ6lP' },
    response: { success: true, message: 'Your email address is confirmed.', email: 'owner@demo.test' },
  },
  acceptInvitation: {
    body: { token: 'q3Zt8mW1xYc5vB0nK7aR2sD9fG4hJ6lP', new_password: 'a-new-password-2' },
    response: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZjFjIn0.c2lnbmF0dXJl', user },
  },
  requestPasswordToken: { body: { email: 'owner@demo.test' }, response: ok },
  resetPassword: {
    body: { reset_token: 'k1X9dGqV0wZp3yN7sR2uT5vA8bC4eF6h', new_password: 'a-new-password-2' },
    response: ok,
  },
  logout: { response: ok },
  getOidcConfig: {
    response: { enabled: true, provider: 'Google', google: true, start_path: '/a/v2/oidc/start' },
  },
};
