import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Stack, Text } from '@mantine/core';
import type { TeamMember } from '@mc/api';
import {
  isMerchantRole,
  type RoleEditInput,
  RoleEditSchema,
  roleUpdatedMessage,
  roleUpdateFailedMessage,
} from '@mc/domain';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitActions } from '../../../components/dialog-actions.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSetUserRole } from '../api/team.ts';
import { RoleField } from './role-radio-group.tsx';

export const memberName = (m: Pick<TeamMember, 'first_name' | 'last_name' | 'email'>) =>
  `${m.first_name} ${m.last_name}`.trim() || m.email;

/** Edit sets exactly one role; 'A role must be chosen' when none is. */
export function EditRoleModal({
  tmk,
  member,
  onClose,
}: {
  tmk: string;
  member: TeamMember | null;
  onClose: () => void;
}) {
  const setRole = useSetUserRole(tmk);
  const form = useForm<RoleEditInput>({ resolver: zodResolver(RoleEditSchema) });

  useEffect(() => {
    const current = member?.roles.map((r) => r.name).find(isMerchantRole);
    form.reset(current ? { role: current } : {});
  }, [member, form]);

  if (!member) return null;
  const name = memberName(member);
  const handleSubmit = form.handleSubmit(({ role }) => {
    setRole.mutate(
      { userId: member.uuid, role },
      {
        onSuccess: () => {
          notifySuccess(roleUpdatedMessage(name));
          onClose();
        },
        onError: (error) => notifyError(error, roleUpdateFailedMessage(name)),
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={`Edit role: ${name}`} centered>
      <form onSubmit={handleSubmit} noValidate aria-label="Edit role">
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {member.email}
          </Text>
          <RoleField control={form.control} name="role" />
          <SubmitActions onCancel={onClose} loading={setRole.isPending}>
            Save
          </SubmitActions>
        </Stack>
      </form>
    </Modal>
  );
}
