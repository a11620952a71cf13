import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MAX_LENGTH, MSG, type ProfileInput, ProfileSchema, profileBody } from '@mc/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field.tsx';
import { api } from '../../../lib/api.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCancelEmailChange, useResendVerification } from '../../../lib/user-email.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { PhoneField } from '../components/phone-input.tsx';
import { SaveChanges } from '../components/save-changes.tsx';
import { SectionHeader } from '../components/section-header.tsx';
import { useSettingsContext } from '../hooks/use-settings-context.ts';
import { AlertsSection } from './alerts-section.tsx';

const EMPTY: ProfileInput = {
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  password: '',
  new_password: '',
  oidc_only: false,
};

/** Where an account without a password signs in again before a change, coming back to this page. */
export const PROFILE_REAUTH_HREF = `${api.url('startOidc')}?${new URLSearchParams({ return_to: '/settings/profile' })}`;

/** /settings/profile: 'Basic Information' with names, email, phone and a password change; then 'Alerts'. */
export function ProfileSettingsPage() {
  const { user, userId } = useSettingsContext();
  const update = useUpdateProfile(userId);
  const resend = useResendVerification(userId);
  const cancel = useCancelEmailChange(userId);
  const form = useForm<ProfileInput>({ resolver: zodResolver(ProfileSchema), defaultValues: EMPTY });
  const { errors, isDirty } = form.formState;

  useEffect(() => {
    if (!user.data) return;
    form.reset({
      first_name: user.data.first_name,
      last_name: user.data.last_name,
      email: user.data.email,
      phone_number: user.data.phone_number ?? '',
      password: '',
      new_password: '',
      oidc_only: user.data.has_password === false,
    });
  }, [user.data, form]);

  const hasPassword = user.data?.has_password ?? true;
  const pendingEmail = user.data?.pending_email ?? null;
  const emailChanged =
    Boolean(user.data) && form.watch('email').trim().toLowerCase() !== user.data?.email.toLowerCase();

  const handleSubmit = form.handleSubmit((values) => {
    update.mutate(profileBody(values), {
      onSuccess: (saved) => {
        notifySuccess(
          emailChanged && saved.pending_email
            ? `Changes saved. Open the link we sent to ${saved.pending_email} to start using it.`
            : MSG.PROFILE_SAVED,
        );
        form.resetField('password', { defaultValue: '' });
        form.resetField('new_password', { defaultValue: '' });
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        notifyError(error);
      },
    });
  });

  return (
    <Stack gap="xl">
      <form onSubmit={handleSubmit} noValidate aria-label="Basic Information">
        <SectionHeader
          title="Basic Information"
          description="Your name and how the store and the marketplace reach you."
        />
        <Stack gap="md" maw={720}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First Name"
              maxLength={MAX_LENGTH.name}
              required
              autoComplete="given-name"
              error={errors.first_name?.message}
              {...form.register('first_name')}
            />
            <TextInput
              label="Last Name"
              maxLength={MAX_LENGTH.name}
              required
              autoComplete="family-name"
              error={errors.last_name?.message}
              {...form.register('last_name')}
            />
            <TextInput
              label="Email"
              maxLength={MAX_LENGTH.email}
              required
              type="email"
              autoComplete="email"
              description={
                emailChanged
                  ? 'Needs your current password. Your email changes once you open the link we send to the new address.'
                  : undefined
              }
              error={errors.email?.message}
              {...form.register('email')}
            />
            <PhoneField
              control={form.control}
              name="phone_number"
              label="Phone"
              error={errors.phone_number?.message}
            />
          </SimpleGrid>
          {pendingEmail ? (
            <Alert color="blue" variant="light" title="New email waiting for confirmation">
              <Stack gap="xs">
                <Text fz="sm">
                  Open the link we sent to <strong>{pendingEmail}</strong>. Until then you keep signing in
                  with {user.data?.email}.
                </Text>
                <Group gap="sm">
                  <Button
                    size="xs"
                    variant="light"
                    loading={resend.isPending}
                    onClick={() =>
                      resend.mutate(undefined, {
                        onSuccess: (ok) => notifySuccess(ok.message ?? 'We sent the link again.'),
                        onError: (error) => notifyError(error),
                      })
                    }
                  >
                    Resend link
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    loading={cancel.isPending}
                    onClick={() =>
                      cancel.mutate(undefined, {
                        onSuccess: () => notifySuccess('The email change is cancelled.'),
                        onError: (error) => notifyError(error),
                      })
                    }
                  >
                    Cancel change
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          <Divider my="xs" label={hasPassword ? 'Change password' : 'Set a password'} labelPosition="left" />
          {hasPassword ? (
            <Text c="dimmed" fz="sm" mt={-8}>
              Your current password is needed to change your email or your password. Leave the new password
              empty to keep it. A new password needs at least 10 characters and signs you out everywhere else
              (this browser stays signed in).
            </Text>
          ) : (
            <Text c="dimmed" fz="sm" mt={-8}>
              You sign in with your identity provider. To change your email or set a password, first{' '}
              <Anchor href={PROFILE_REAUTH_HREF}>confirm it's you by signing in with it again</Anchor>; that
              counts for 5 minutes.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {hasPassword ? (
              <PasswordField
                label="Current Password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...form.register('password')}
              />
            ) : null}
            <PasswordField
              label="New Password"
              autoComplete="new-password"
              error={errors.new_password?.message}
              {...form.register('new_password')}
            />
          </SimpleGrid>
          <SaveChanges saving={update.isPending} disabled={!isDirty || user.isPending} />
        </Stack>
      </form>
      <Divider />
      <AlertsSection userId={userId} />
    </Stack>
  );
}
