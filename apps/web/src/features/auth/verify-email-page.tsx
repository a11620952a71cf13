import { Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'wouter';
import { errorMessage } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useVerifyEmail } from './api/account-links.ts';
import { AuthError } from './components/auth-error.tsx';
import { AuthLayout } from './components/auth-layout.tsx';

export const VERIFY_TITLE = 'Confirm your email';

/**
 * /verify-email/:token, opened from a confirmation email (sign-up, resend, or a new address). The link is
 * confirmed by a click rather than on load, so a mail scanner that opens links does not use it up.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const { token: session } = useSession();
  const verify = useVerifyEmail();
  const next = session
    ? { to: '/orders', label: 'Continue to the console' }
    : { to: '/login', label: 'Sign in' };

  if (verify.isSuccess) {
    return (
      <AuthLayout title={VERIFY_TITLE}>
        <Stack gap="md" align="center" ta="center" role="status">
          <ThemeIcon size={52} radius="xl" color="teal" variant="light" aria-hidden="true">
            <IconCircleCheck size={28} />
          </ThemeIcon>
          <Text fw={600}>{verify.data.message}</Text>
          <Anchor component={Link} to={next.to} fz="sm">
            {next.label}
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={VERIFY_TITLE} subtitle="Confirm that this email address belongs to your account.">
      <Stack gap="md">
        <AuthError
          message={
            verify.isError ? errorMessage(verify.error, 'Something went wrong. Please try again.') : null
          }
        />
        <Button size="md" fullWidth loading={verify.isPending} onClick={() => verify.mutate(token)}>
          Confirm email address
        </Button>
        <Anchor component={Link} to={next.to} fz="sm" ta="center">
          {next.label}
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}
