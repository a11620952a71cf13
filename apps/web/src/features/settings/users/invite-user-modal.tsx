import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type InviteUserBody, InviteUserBodySchema } from '@mc/api';
import { MAX_LENGTH } from '@mc/domain';
import { useForm } from 'react-hook-form';
import { SubmitActions } from '../../../components/dialog-actions.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useInviteUser } from '../api/team.ts';
import { RoleField } from './role-radio-group.tsx';

const EMPTY = { first_name: '', last_name: '', email: '' } as InviteUserBody;

/** Invite: the server creates the user with a generated password and emails the invitation. */
export function InviteUserModal({
  tmk,
  opened,
  onClose,
}: {
  tmk: string;
  opened: boolean;
  onClose: () => void;
}) {
  const invite = useInviteUser(tmk);
  const form = useForm<InviteUserBody>({ resolver: zodResolver(InviteUserBodySchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  const handleSubmit = form.handleSubmit((values) => {
    invite.mutate(values, {
      onSuccess: ({ user }) => {
        notifySuccess(`Invitation sent to ${user.email}`);
        close();
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        notifyError(error);
      },
    });
  });
  return (
    <Modal opened={opened} onClose={close} title="Invite a user" centered size="lg">
      <form onSubmit={handleSubmit} noValidate aria-label="Invite a user">
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            We email them a link (valid for 7 days, once) where they choose their own password and join the
            store. No password is ever emailed.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First Name"
              maxLength={MAX_LENGTH.name}
              required
              error={errors.first_name?.message}
              {...form.register('first_name')}
            />
            <TextInput
              label="Last Name"
              maxLength={MAX_LENGTH.name}
              required
              error={errors.last_name?.message}
              {...form.register('last_name')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            maxLength={MAX_LENGTH.email}
            type="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <RoleField control={form.control} name="role" />
          <SubmitActions onCancel={close} loading={invite.isPending}>
            Send Invitation
          </SubmitActions>
        </Stack>
      </form>
    </Modal>
  );
}
