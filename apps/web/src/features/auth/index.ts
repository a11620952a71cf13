/** The sign-in area: its pages, each its own chunk loaded on first visit. */
import { lazyNamed } from '../../lib/lazy-named.ts';

/** The sign-in page's chunk: the route's, and main.tsx's for /login alone (app/sign-in-app.tsx). */
export const loadLoginPage = () => import('./login-page.tsx');
export const LoginPage = lazyNamed(loadLoginPage, 'LoginPage');
export const SignUpPage = lazyNamed(() => import('./signup-page.tsx'), 'SignUpPage');
export const ForgotPage = lazyNamed(() => import('./forgot-page.tsx'), 'ForgotPage');
export const ResetPasswordPage = lazyNamed(() => import('./reset-password-page.tsx'), 'ResetPasswordPage');
export const SessionSwitch = lazyNamed(() => import('./session-switch.tsx'), 'SessionSwitch');
export const VerifyEmailPage = lazyNamed(() => import('./verify-email-page.tsx'), 'VerifyEmailPage');
export const InvitationPage = lazyNamed(() => import('./invitation-page.tsx'), 'InvitationPage');
export const NewPasswordStep = lazyNamed(() => import('./new-password-step.tsx'), 'NewPasswordStep');
