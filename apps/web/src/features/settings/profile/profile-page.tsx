import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { MAX_LENGTH, MSG, type ProfileInput, ProfileSchema, profileBody } from '@mc/domain';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { PhoneInput } from '../components/phone-input.tsx';
import { SectionHeader } from '../components/section-header.tsx';
import { useSettingsContext } from '../hooks/use-settings-context.ts';

const EMPTY: ProfileInput = {
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  password: '',
  new_password: '',
};

/** /settings/profile (part 2 §2.8): 'Basic Information' with names, email, phone and a password change. */
export function ProfileSettingsPage() {
  const { user, userId } = useSettingsContext();
  const update = useUpdateProfile(userId);
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
    });
  }, [user.data, form]);

  const handleSubmit = form.handleSubmit((values) => {
    update.mutate(profileBody(values), {
      onSuccess: () => {
        notifySuccess(MSG.PROFILE_SAVED);
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
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Controller
            control={form.control}
            name="phone_number"
            render={({ field }) => (
              <PhoneInput
                label="Phone"
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.phone_number?.message}
              />
            )}
          />
        </SimpleGrid>
        <Divider my="xs" label="Change password" labelPosition="left" />
        <Text c="dimmed" fz="sm" mt={-8}>
          Leave both empty to keep your password. A new password needs at least 10 characters and signs you
          out everywhere else (this browser stays signed in).
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            error={errors.new_password?.message}
            {...form.register('new_password')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!isDirty || user.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
