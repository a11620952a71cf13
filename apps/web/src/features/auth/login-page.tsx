import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { ApiError } from '@mc/api';
import { checkLogin, type LoginInput } from '@mc/domain';
import { IconBrandGoogleFilled, IconLogin } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, type RefObject, useRef, useState } from 'react';
import { PasswordField } from '../../components/password-field.tsx';
import { RouteLink } from '../../components/route-link.tsx';
import { errorMessage, notifyError } from '../../lib/notify.ts';
import { OIDC_START_PATH, signInWithLabel, useOidcConfig } from './api/get-oidc-config.ts';
import { useLogin } from './api/login.ts';
import classes from './auth.module.css';
import { AuthError } from './components/auth-error.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { SignInEmailInput } from './components/sign-in-email-input.tsx';

type LoginField = keyof LoginInput;
const LOGIN_FIELDS: readonly LoginField[] = ['email', 'password'];

/**
 * The sign-in form's state, as react-hook-form kept it before (docs/decisions/0109: the page loads neither
 * it nor zod): LoginSchema's rules through `checkLogin` (the same messages, the email trimmed), checked on
 * submit, then again on each change of a field once submitted; the first field in error gets the focus.
 */
function useLoginForm(onValid: (values: LoginInput) => void) {
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const refs: Record<LoginField, RefObject<HTMLInputElement | null>> = {
    email: emailRef,
    password: passwordRef,
  };

  const field = (name: LoginField) => ({
    ref: refs[name],
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (!submitted) return;
      const check = checkLogin(next);
      setErrors((prev) => ({ ...prev, [name]: check.ok ? undefined : check.errors[name] }));
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const check = checkLogin(values);
    if (!check.ok) {
      setErrors(check.errors);
      const first = LOGIN_FIELDS.find((name) => check.errors[name]);
      if (first) refs[first].current?.focus();
      return;
    }
    setErrors({});
    onValid(check.values);
  };

  return { field, handleSubmit };
}

/**
 * /login: email, password and a forgot-password link; and, when the server has an identity
 * provider, 'Sign in with {provider}' (an account made through it has no password).
 */
export function LoginPage() {
  const loginMutation = useLogin();
  const oidc = useOidcConfig();
  const providerLabel = signInWithLabel(oidc.data);
  const form = useLoginForm((values) => {
    loginMutation.mutate(values, {
      onError: (error) => {
        // Bad credentials and rate limits are answered inline; anything else also gets a toast.
        if (
          !(error instanceof ApiError) ||
          (error.status !== 401 && error.status !== 429 && error.status !== 400)
        )
          notifyError(error);
      },
    });
  });
  const handleSubmit = form.handleSubmit;

  const failure = loginMutation.error;
  return (
    <AuthLayout
      title="Sign in to your store"
      subtitle="Welcome back. Enter your details to manage your orders."
    >
      <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
        <Stack gap="md">
          <AuthError message={failure ? errorMessage(failure) : null} />
          <SignInEmailInput {...form.field('email')} />
          <Stack gap={6}>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              placeholder="Your password"
              {...form.field('password')}
            />
            <Group justify="flex-end">
              <Anchor component={RouteLink} to="/forgot" fz="sm" fw={500}>
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <Button
            type="submit"
            size="md"
            fullWidth
            loading={loginMutation.isPending || loginMutation.isSuccess}
          >
            Sign In
          </Button>
          {providerLabel ? (
            <>
              <div className={classes.orRule}>or</div>
              <Button
                variant="default"
                size="md"
                fullWidth
                leftSection={
                  oidc.data?.google ? (
                    <IconBrandGoogleFilled size={18} aria-hidden="true" />
                  ) : (
                    <IconLogin size={18} aria-hidden="true" />
                  )
                }
                onClick={() => window.location.assign(oidc.data?.start_path ?? OIDC_START_PATH)}
              >
                {providerLabel}
              </Button>
            </>
          ) : null}
          <Text ta="center" fz="sm" c="dimmed">
            New to the marketplace?{' '}
            <Anchor component={RouteLink} to="/signup" fw={600} inherit>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
