import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { passwordSchema, requiredMessage } from '@mc/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PasswordField } from '../../components/password-field.tsx';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useSetNewPassword } from './api/account-links.ts';

export const NEW_PASSWORD_STEP_TITLE = 'Choose a new password';

const NewPasswordStepSchema = z.object({
  password: z.string().min(1, requiredMessage('current_password')),
  new_password: passwordSchema('new_password'),
});
type NewPasswordStepInput = z.infer<typeof NewPasswordStepSchema>;

/**
 * Shown instead of every page while the account still has a temporary password from an old invitation
 * email (the API refuses the store's data to such a session until then).
 */
export function NewPasswordStep({ userId }: { userId: string }) {
  const save = useSetNewPassword(userId);
  const form = useForm<NewPasswordStepInput>({
    resolver: zodResolver(NewPasswordStepSchema),
    defaultValues: { password: '', new_password: '' },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notifySuccess('Your new password is saved.'),
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        notifyError(error);
      },
    }),
  );
  return (
    <Paper withBorder radius="md" p="lg" maw={520} mx="auto" mt="lg">
      <form onSubmit={handleSubmit} noValidate aria-label={NEW_PASSWORD_STEP_TITLE}>
        <Stack gap="md">
          <Title order={1} fz="h3">
            {NEW_PASSWORD_STEP_TITLE}
          </Title>
          <Text c="dimmed" fz="sm">
            You signed in with the temporary password from your invitation email. Choose your own password (at
            least 10 characters) before you continue.
          </Text>
          <PasswordField
            label="Temporary password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            error={errors.new_password?.message}
            {...form.register('new_password')}
          />
          <Button type="submit" loading={save.isPending}>
            Save and continue
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
