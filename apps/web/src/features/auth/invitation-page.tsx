import { Button, Stack } from '@mantine/core';
import { useParams } from 'wouter';
import { PasswordField } from '../../components/password-field.tsx';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/notify.ts';
import { useAcceptInvitation } from './api/account-links.ts';
import { AuthError } from './components/auth-error.tsx';
import { AuthLayout } from './components/auth-layout.tsx';
import { useNewPasswordForm } from './hooks/use-new-password-form.ts';

export const INVITATION_TITLE = 'Join your team';

/**
 * /invitation/:token, opened from an invitation email: the invited person chooses their password, which
 * accepts the invitation (the address is confirmed) and signs them in to the store they were invited to.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const accept = useAcceptInvitation();
  const { form, passwordInput } = useNewPasswordForm();

  const handleSubmit = form.handleSubmit(({ new_password }) => {
    accept.mutate({ token, new_password }, { onError: (error) => applyFieldErrors(error, form.setError) });
  });

  return (
    <AuthLayout
      title={INVITATION_TITLE}
      subtitle="Choose the password you will sign in with (at least 10 characters)."
    >
      <form onSubmit={handleSubmit} noValidate aria-label="Accept the invitation">
        <Stack gap="md">
          <AuthError
            message={
              accept.isError ? errorMessage(accept.error, 'Something went wrong. Please try again.') : null
            }
          />
          <PasswordField label="Password" {...passwordInput} />
          <Button type="submit" size="md" fullWidth loading={accept.isPending}>
            Set password and join
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
