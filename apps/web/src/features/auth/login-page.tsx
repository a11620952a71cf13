import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { ApiError } from '@mc/api';
import { checkLogin, type LoginInput, MAX_LENGTH } from '@mc/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PasswordField } from '../../components/password-field.tsx';
import { errorMessage, notifyError } from '../../lib/notify.ts';
import { useLogin } from './api/login.ts';
import { AuthLayout } from './components/auth-layout.tsx';

/**
 * LoginSchema's rules without zod (`checkLogin`, the same messages and the email trimmed), so the sign-in
 * page loads no zod (docs/decisions/0109).
 */
const loginResolver: Resolver<LoginInput> = (values) => {
  const result = checkLogin(values);
  if (result.ok) return { values: result.values, errors: {} };
  const errors: Partial<Record<keyof LoginInput, { type: string; message: string }>> = {};
  for (const [name, message] of Object.entries(result.errors) as [keyof LoginInput, string][])
    errors[name] = { type: 'validate', message };
  return { values: {}, errors };
};

/** /login (part 1 §2): email, password and a forgot-password link. */
export function LoginPage() {
  const loginMutation = useLogin();
  const form = useForm<LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit((values) => {
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

  const failure = loginMutation.error;
  return (
    <AuthLayout
      title="Sign in to your store"
      subtitle="Welcome back. Enter your details to manage your orders."
    >
      <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(failure)}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            maxLength={MAX_LENGTH.email}
            type="email"
            autoComplete="email"
            placeholder="you@store.com"
            autoFocus
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Stack gap={6}>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              placeholder="Your password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgot" fz="sm" fw={500}>
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
          <Text ta="center" fz="sm" c="dimmed">
            New to the marketplace?{' '}
            <Anchor component={Link} to="/signup" fw={600} inherit>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
