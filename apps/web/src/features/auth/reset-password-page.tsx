import { Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { MSG } from '@mc/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { PasswordField } from '../../components/password-field.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useResetPassword } from './api/reset-password.ts';
import { AuthError } from './components/auth-error.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { useNewPasswordForm } from './hooks/use-new-password-form.ts';

export const PASSWORD_UPDATED_MESSAGE = MSG.PASSWORD_UPDATED;
export const RESET_FAILED_TOAST = MSG.RESET_FAILED_TOAST;
export const RESET_FAILED_FORM_MESSAGE = MSG.RESET_FAILED_FORM;
/** How long the success state shows before going to /login. */
export const REDIRECT_AFTER_RESET_MS = 1500;

/** /forgot/password-reset/:token. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const [failed, setFailed] = useState(false);
  const { form, passwordInput } = useNewPasswordForm();

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  const handleSubmit = form.handleSubmit(({ new_password }) => {
    setFailed(false);
    reset.mutate(
      { new_password, reset_token: token },
      {
        onSuccess: () => notifySuccess(PASSWORD_UPDATED_MESSAGE),
        onError: (error) => {
          setFailed(true);
          notifyError(error, RESET_FAILED_TOAST);
        },
      },
    );
  });

  if (reset.isSuccess) {
    return (
      <AuthLayout title={MSG.RESET_TITLE}>
        <Stack gap="md" align="center" ta="center" role="status">
          <ThemeIcon size={52} radius="xl" color="teal" variant="light" aria-hidden="true">
            <IconCircleCheck size={28} />
          </ThemeIcon>
          <Text fw={600}>{PASSWORD_UPDATED_MESSAGE}</Text>
          <Text c="dimmed" fz="sm">
            Taking you to sign in…
          </Text>
          <Anchor component={Link} to="/login" fz="sm">
            Sign in now
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={MSG.RESET_TITLE} subtitle="Choose a password with at least 10 characters.">
      <form onSubmit={handleSubmit} noValidate aria-label="Reset password">
        <Stack gap="md">
          <AuthError message={failed ? RESET_FAILED_FORM_MESSAGE : null} />
          <PasswordField label="New password" {...passwordInput} />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            Confirm
          </Button>
          <Anchor component={Link} to="/forgot" fz="sm" ta="center">
            Need a new link? Send the instructions again
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
