import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import { AcceptInvitationBodySchema } from '@mc/api';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { PasswordField } from '../../components/password-field.tsx';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { errorMessage } from '../../lib/notify.ts';
import { useAcceptInvitation } from './api/account-links.ts';
import { AuthLayout } from './components/auth-layout.tsx';

export const INVITATION_TITLE = 'Join your team';

const NewPasswordSchema = AcceptInvitationBodySchema.pick({ new_password: true });
interface NewPasswordInput {
  new_password: string;
}

/**
 * /invitation/:token, opened from an invitation email: the invited person chooses their password, which
 * accepts the invitation (the address is confirmed) and signs them in to the store they were invited to.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const accept = useAcceptInvitation();
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { new_password: '' },
  });

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
          {accept.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(accept.error, 'Something went wrong. Please try again.')}
            </Alert>
          ) : null}
          <PasswordField
            label="Password"
            autoComplete="new-password"
            autoFocus
            error={form.formState.errors.new_password?.message}
            {...form.register('new_password')}
          />
          <Button type="submit" size="md" fullWidth loading={accept.isPending}>
            Set password and join
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
