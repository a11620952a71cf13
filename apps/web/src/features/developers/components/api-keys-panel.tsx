import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { ApiError, type ApiKey } from '@mc/api';
import { API_KEY_SCOPES, type ApiKeyScope, formatOrderDate } from '@mc/domain';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SubmitActions } from '../../../components/dialog-actions.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { apiKeysQueryOptions, useCreateApiKey, useRevokeApiKey } from '../api/developer-api.ts';
import classes from '../developers.module.css';
import { SCOPE_LABELS } from '../labels.ts';
import { DeveloperPanel } from './developer-panel.tsx';
import { SecretOnce } from './secret-once.tsx';

const when = (iso: string | null, timezone?: string) => (iso ? formatOrderDate(iso, timezone) : 'Never');

function CreateKeyModal({
  tmk,
  opened,
  onClose,
  onCreated,
}: {
  tmk: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (key: string) => void;
}) {
  const create = useCreateApiKey(tmk);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['orders.read']);
  const fields = create.error instanceof ApiError ? create.error.fieldErrors() : {};
  const close = () => {
    create.reset();
    setName('');
    setScopes(['orders.read']);
    onClose();
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name, scopes },
      {
        onSuccess: (answer) => {
          close();
          onCreated(answer.key);
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || Object.keys(error.fieldErrors()).length === 0)
            notifyError(error, 'The key could not be made.');
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Create an API key" centered size="lg">
      <form onSubmit={submit} noValidate aria-label="Create an API key">
        <Stack gap="md">
          <TextInput
            label="Name"
            description="What uses it, e.g. “POS” — order history names changes made with the key by it"
            required
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fields.name}
            data-autofocus
          />
          <Checkbox.Group
            label="Scopes"
            description="Give the key only what the program needs"
            value={scopes}
            onChange={(v) => setScopes(v as ApiKeyScope[])}
            error={fields.scopes}
            required
          >
            <Stack gap={8} mt={8}>
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={
                    <>
                      {SCOPE_LABELS[scope].label} <code className={classes.scope}>{scope}</code>
                    </>
                  }
                  description={SCOPE_LABELS[scope].description}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <SubmitActions onCancel={close} loading={create.isPending}>
            Create key
          </SubmitActions>
        </Stack>
      </form>
    </Modal>
  );
}

function RevokeKeyModal({
  tmk,
  apiKey,
  onClose,
}: {
  tmk: string;
  apiKey: ApiKey | null;
  onClose: () => void;
}) {
  const revoke = useRevokeApiKey(tmk);
  if (!apiKey) return null;
  const go = () =>
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        notifySuccess(`The key “${apiKey.name}” is revoked.`);
        onClose();
      },
      onError: (error) => notifyError(error, 'The key could not be revoked.'),
    });
  return (
    <ConfirmDialog
      title="Revoke API key"
      message={`Programs using “${apiKey.name}” (${apiKey.prefix}…) are refused from now on. This cannot be undone.`}
      confirmLabel="Revoke"
      confirmColor="red"
      loading={revoke.isPending}
      onConfirm={go}
      onClose={onClose}
    />
  );
}

/** The store's API keys: make one with scopes (shown once), see when each was last used, revoke. */
export function ApiKeysPanel({ tmk, timezone }: { tmk: string; timezone?: string | undefined }) {
  const keys = useQuery(apiKeysQueryOptions(tmk));
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <DeveloperPanel
      id="api-keys"
      title="API keys"
      intro={
        <>
          Keys let a program (a POS, an ERP, a shipping tool) use this store’s API without a person’s
          password. Send one as <code>Authorization: Bearer mck_…</code>.
        </>
      }
      addLabel="Create API key"
      onAdd={() => setCreating(true)}
      query={keys}
      failedText="The API keys could not be loaded."
      emptyIcon={<IconKey size={18} aria-hidden="true" />}
      emptyText="No API keys yet."
      renderItems={(items) => (
        <Table.ScrollContainer minWidth={640} mt="md">
          <Table verticalSpacing="sm" aria-label="API keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td fw={600}>{k.name}</Table.Td>
                  <Table.Td>
                    <code>{k.prefix}…</code>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {k.scopes.map((s) => (
                        <Badge
                          key={s}
                          variant="light"
                          color="gray"
                          tt="none"
                          title={SCOPE_LABELS[s].description}
                        >
                          {s}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td fz="sm">
                    {when(k.created_at, timezone)}
                    {k.created_by ? (
                      <Text fz="xs" c="dark.4">
                        by {k.created_by.name}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td fz="sm">{when(k.last_used_at, timezone)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      onClick={() => setRevoking(k)}
                      aria-label={`Revoke ${k.name}`}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    >
      <CreateKeyModal tmk={tmk} opened={creating} onClose={() => setCreating(false)} onCreated={setShown} />
      <SecretOnce title="Your new API key" what="API key" value={shown} onClose={() => setShown(null)} />
      <RevokeKeyModal tmk={tmk} apiKey={revoking} onClose={() => setRevoking(null)} />
    </DeveloperPanel>
  );
}
