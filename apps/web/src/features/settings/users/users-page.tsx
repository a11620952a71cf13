import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { TeamMember } from '@mc/api';
import { canManageTeamMember, formatOrderDate, MSG, YOU_LABEL } from '@mc/domain';
import { IconAlertTriangle, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { reportError } from '../../../lib/error-reporting.ts';
import { merchantQueryOptions } from '../../../lib/merchant-api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { teamQueryOptions, useRevokeUser } from '../api/team.ts';
import { RoleGate } from '../components/role-gate.tsx';
import { SectionHeader } from '../components/section-header.tsx';
import { useSettingsContext } from '../hooks/use-settings-context.ts';
import { EditRoleModal, memberName } from './edit-role-modal.tsx';
import { InviteUserModal } from './invite-user-modal.tsx';
import classes from './users.module.css';

function RevokeModal({
  member,
  onClose,
  onRevoked,
}: {
  member: TeamMember | null;
  onClose: () => void;
  onRevoked: (id: string) => void;
}) {
  const revoke = useRevokeUser();
  if (!member) return null;
  const name = memberName(member);
  const retrying = revoke.isPending && revoke.failureCount > 0;
  const handleRevoke = () =>
    revoke.mutate(member.uuid, {
      onSuccess: () => {
        notifySuccess(MSG.REVOKE_SUCCESS);
        onRevoked(member.uuid);
        onClose();
      },
      onError: (error) => notifyError(error, MSG.REVOKE_FAILED),
    });
  return (
    <ConfirmDialog
      title="Revoke access"
      message={`${name} (${member.email}) will no longer be able to use this store, and is signed out at once.`}
      confirmLabel="Revoke"
      confirmColor="red"
      loading={revoke.isPending}
      onConfirm={handleRevoke}
      onClose={onClose}
    >
      {retrying ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
          {MSG.REVOKE_FAILED} {MSG.REVOKE_RETRYING}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}

function TeamTable({ tmk }: { tmk: string }) {
  const { userId, roles, can } = useSettingsContext();
  const team = useQuery(teamQueryOptions(tmk));
  // Times read in the store's time zone, as everywhere else in the console (not the browser's).
  const timezone = useQuery(merchantQueryOptions(tmk)).data?.timezone;
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [revoking, setRevoking] = useState<TeamMember | null>(null);
  const [inviting, setInviting] = useState(false);
  const [revoked, setRevoked] = useState<ReadonlySet<string>>(new Set());
  const isOwner = can('team.manage');

  useEffect(() => {
    if (team.error) reportError(team.error);
  }, [team.error]);

  if (team.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {MSG.TEAM_LOAD_FAILED}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      {isOwner ? (
        <Group justify="flex-end">
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            Invite User
          </Button>
        </Group>
      ) : null}
      <div className={classes.wrap}>
        <Table verticalSpacing="sm" highlightOnHover aria-label="Users" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Last Login</Table.Th>
              {isOwner ? <Table.Th ta="right">Edit / Revoke</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {team.isPending
              ? [0, 1, 2].map((i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={isOwner ? 5 : 4}>
                      <Skeleton h={20} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : team.data.items.map((m) => {
                  const isRevoked = revoked.has(m.uuid);
                  const isSelf = m.uuid === userId;
                  return (
                    <Table.Tr
                      key={m.uuid}
                      aria-disabled={isRevoked || undefined}
                      style={isRevoked ? { opacity: 0.45 } : undefined}
                    >
                      <Table.Td fw={600} data-label="Name">
                        {memberName(m)}
                        {isSelf && !isOwner ? (
                          <Badge ml="xs" size="sm" variant="light">
                            {YOU_LABEL}
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td data-label="Email">{m.email}</Table.Td>
                      <Table.Td data-label="Role">
                        {isRevoked ? 'Access revoked' : m.roles.map((r) => r.label).join(', ') || '—'}
                      </Table.Td>
                      <Table.Td data-label="Last Login">
                        {m.last_login ? formatOrderDate(m.last_login, timezone) : 'Never'}
                      </Table.Td>
                      {isOwner ? (
                        <Table.Td ta="right" data-label="Edit / Revoke">
                          {isSelf ? (
                            <Text fz="sm" c="dimmed">
                              {YOU_LABEL}
                            </Text>
                          ) : canManageTeamMember(roles, userId, m.uuid) ? (
                            <Group gap="xs" justify="flex-end" wrap="nowrap">
                              <Button
                                size="xs"
                                variant="default"
                                disabled={isRevoked}
                                onClick={() => setEditing(m)}
                                aria-label={`Edit ${memberName(m)}`}
                              >
                                Edit
                              </Button>
                              <Button
                                size="xs"
                                variant="outline"
                                color="red.9"
                                disabled={isRevoked}
                                onClick={() => setRevoking(m)}
                                aria-label={`Revoke ${memberName(m)}`}
                              >
                                Revoke
                              </Button>
                            </Group>
                          ) : null}
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                  );
                })}
          </Table.Tbody>
        </Table>
      </div>
      <EditRoleModal tmk={tmk} member={editing} onClose={() => setEditing(null)} />
      <RevokeModal
        member={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={(id) => setRevoked((s) => new Set(s).add(id))}
      />
      <InviteUserModal tmk={tmk} opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

/** /settings/users: 'Invite, Edit or Remove'. Only the owner manages; never their own row. */
export function UsersSettingsPage() {
  const { tmk } = useSettingsContext();
  return (
    <Stack gap="xs">
      <SectionHeader
        title={MSG.TEAM_TITLE}
        description="The people who can use this store's console, their roles and last sign-in."
      />
      <RoleGate capability="team.read" what="viewing or managing the store's users">
        <TeamTable tmk={tmk} />
      </RoleGate>
    </Stack>
  );
}
