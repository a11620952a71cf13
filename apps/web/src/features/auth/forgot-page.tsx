import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { ApiError } from '@mc/api';
import { type ForgotPasswordInput, ForgotPasswordSchema, MSG } from '@mc/domain';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useRequestPasswordToken } from './api/request-password-token.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { SignInEmailInput } from './components/sign-in-email-input.tsx';

export const EMAIL_NOT_FOUND_MESSAGE = MSG.FORGOT_EMAIL_NOT_FOUND;
export const EMAIL_DELAY_NOTE = MSG.RESET_EMAIL_DELAY_NOTE;

/** Flow states of the forgot-password page: idle → sending → sent → resending → sent. */
export type ForgotState = 'idle' | 'sending' | 'sent' | 'resending';

/** /forgot: 'Send Instructions', then 'Instructions Sent' with 'Resend Instructions'. */
export function ForgotPage() {
  const request = useRequestPasswordToken();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const email = form.watch('email');
  const { errors } = form.formState;
  const state: ForgotState = sentTo
    ? request.isPending
      ? 'resending'
      : 'sent'
    : request.isPending
      ? 'sending'
      : 'idle';

  const send = (address: string, isResend: boolean) => {
    request.mutate(address, {
      onSuccess: () => {
        setSentTo(address);
        if (isResend) notifySuccess(`We sent the instructions again to ${address}.`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) {
          setSentTo(null);
          form.setError('email', { message: EMAIL_NOT_FOUND_MESSAGE }, { shouldFocus: true });
          return;
        }
        notifyError(error);
      },
    });
  };

  const handleSubmit = form.handleSubmit((values) => send(values.email, false));

  if (sentTo) {
    return (
      <AuthLayout title={MSG.INSTRUCTIONS_SENT}>
        <Stack gap="md" align="stretch">
          <ThemeIcon size={52} radius="xl" variant="light" aria-hidden="true">
            <IconMailCheck size={28} />
          </ThemeIcon>
          <Text>
            We sent instructions to reset your password to{' '}
            <Text component="span" fw={600}>
              {sentTo}
            </Text>
            . Follow the link in the email to choose a new password.
          </Text>
          <Text c="dimmed" fz="sm">
            {EMAIL_DELAY_NOTE} Check your spam folder if you do not see it.
          </Text>
          <Button
            variant="light"
            size="md"
            fullWidth
            loading={state === 'resending'}
            onClick={() => send(sentTo, true)}
          >
            {MSG.RESEND_INSTRUCTIONS}
          </Button>
          <BackToSignIn />
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you sign in with and we will send you instructions to reset your password."
    >
      <form onSubmit={handleSubmit} noValidate aria-label="Forgot password">
        <Stack gap="md">
          <SignInEmailInput error={errors.email?.message} {...form.register('email')} />
          <Text c="dimmed" fz="xs">
            {EMAIL_DELAY_NOTE}
          </Text>
          <Button
            type="submit"
            size="md"
            fullWidth
            disabled={email.trim() === ''}
            loading={state === 'sending'}
          >
            {MSG.SEND_INSTRUCTIONS}
          </Button>
          <BackToSignIn />
        </Stack>
      </form>
    </AuthLayout>
  );
}

function BackToSignIn() {
  return (
    <Anchor component={Link} to="/login" fz="sm" ta="center" fw={500}>
      <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: '-2px', marginRight: 4 }} />
      Back to Sign In
    </Anchor>
  );
}
