import {
  Alert,
  Badge,
  Button,
  Collapse,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { WebhookDelivery, WebhookEndpoint } from '@mc/api';
import { formatOrderDate, isOutgoingEventType } from '@mc/domain';
import { IconWebhook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  deliveriesQueryOptions,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendWebhook,
  webhooksQueryOptions,
} from '../api/developer-api.ts';
import classes from '../developers.module.css';
import { EVENT_LABELS } from '../labels.ts';
import { DeveloperPanel } from './developer-panel.tsx';
import { SecretOnce } from './secret-once.tsx';
import { WebhookEndpointModal } from './webhook-endpoint-modal.tsx';

const eventLabel = (type: string) => (isOutgoingEventType(type) ? EVENT_LABELS[type] : 'Test event');

function StatusBadge({ delivery }: { delivery: WebhookDelivery }) {
  const code = delivery.status_code;
  if (code === null)
    return (
      <Badge color="red" variant="light">
        No answer
      </Badge>
    );
  const ok = code >= 200 && code < 300;
  return (
    <Badge color={ok ? 'green' : 'red'} variant="light">
      {code}
    </Badge>
  );
}

/** One endpoint's latest attempts, newest first, each with Replay. */
function DeliveryLog({
  tmk,
  endpoint,
  timezone,
}: {
  tmk: string;
  endpoint: WebhookEndpoint;
  timezone?: string;
}) {
  const log = useQuery(deliveriesQueryOptions(tmk, endpoint.id));
  const send = useSendWebhook(tmk);
  const replay = (d: WebhookDelivery) =>
    send.mutate(
      { id: endpoint.id, deliveryId: d.id },
      {
        onSuccess: () => notifySuccess(`${eventLabel(d.event_type)} is sent again.`),
        onError: (error) => notifyError(error, 'The delivery could not be sent again.'),
      },
    );
  if (log.isPending) return <Skeleton height={64} />;
  if (log.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        The delivery log could not be loaded.
      </Alert>
    );
  if (log.data.items.length === 0)
    return (
      <Text fz="sm" c="dark.4">
        Nothing sent yet. “Send test event” sends one now.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing={6} fz="sm" aria-label={`Deliveries to ${endpoint.url}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Attempt</Table.Th>
            <Table.Th>Answer</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.data.items.map((d) => (
            <Table.Tr key={d.id} data-delivery-id={d.id}>
              <Table.Td>{formatOrderDate(d.at, timezone)}</Table.Td>
              <Table.Td>
                {eventLabel(d.event_type)}
                <Text fz="xs" c="dark.4" className={classes.mono}>
                  {d.event_id}
                </Text>
              </Table.Td>
              <Table.Td>{d.attempt}</Table.Td>
              <Table.Td>
                <StatusBadge delivery={d} />
              </Table.Td>
              <Table.Td>{d.duration_ms === null ? '—' : `${d.duration_ms} ms`}</Table.Td>
              <Table.Td className={classes.response} title={d.response_body ?? d.error ?? ''}>
                {d.response_body ?? d.error ?? '—'}
              </Table.Td>
              <Table.Td>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => replay(d)}
                  aria-label={`Replay ${eventLabel(d.event_type)} ${d.event_id}`}
                >
                  Replay
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type Confirm = { kind: 'rotate' | 'delete'; endpoint: WebhookEndpoint } | null;

function ConfirmModal({
  tmk,
  confirm,
  onClose,
  onSecret,
}: {
  tmk: string;
  confirm: Confirm;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const rotate = useRotateWebhookSecret(tmk);
  const remove = useDeleteWebhook(tmk);
  if (!confirm) return null;
  const { kind, endpoint } = confirm;
  const go = () => {
    if (kind === 'rotate')
      rotate.mutate(endpoint.id, {
        onSuccess: (answer) => {
          onClose();
          onSecret(answer.secret);
        },
        onError: (error) => notifyError(error, 'The secret could not be rotated.'),
      });
    else
      remove.mutate(endpoint.id, {
        onSuccess: () => {
          notifySuccess('The endpoint is removed.');
          onClose();
        },
        onError: (error) => notifyError(error, 'The endpoint could not be removed.'),
      });
  };
  return (
    <ConfirmDialog
      title={kind === 'rotate' ? 'Rotate signing secret' : 'Remove endpoint'}
      message={
        kind === 'rotate'
          ? 'A new secret signs every delivery from now on. For 24 hours the old one signs too (two signatures), so you can switch your receiver without missing an event.'
          : `Nothing more is sent to ${endpoint.url}, and its delivery log is gone.`
      }
      confirmLabel={kind === 'rotate' ? 'Rotate secret' : 'Remove'}
      confirmColor={kind === 'rotate' ? undefined : 'red'}
      loading={rotate.isPending || remove.isPending}
      onConfirm={go}
      onClose={onClose}
    />
  );
}

function EndpointCard({
  tmk,
  endpoint,
  timezone,
  onEdit,
  onConfirm,
}: {
  tmk: string;
  endpoint: WebhookEndpoint;
  timezone?: string | undefined;
  onEdit: () => void;
  onConfirm: (kind: 'rotate' | 'delete') => void;
}) {
  const [logOpen, setLogOpen] = useState(false);
  const send = useSendWebhook(tmk);
  const logId = `webhook-log-${endpoint.id}`;
  const test = () =>
    send.mutate(
      { id: endpoint.id },
      {
        onSuccess: () => {
          notifySuccess('A test event is on its way.');
          setLogOpen(true);
        },
        onError: (error) => notifyError(error, 'The test event could not be sent.'),
      },
    );
  return (
    <Paper withBorder p="md" radius="md" data-webhook-id={endpoint.id}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} className={classes.url}>
            {endpoint.url}
          </Text>
          {endpoint.status === 'enabled' ? (
            <Badge color="green" variant="light">
              Enabled
            </Badge>
          ) : (
            <Badge color="red" variant="light">
              Disabled
            </Badge>
          )}
        </Group>
        {endpoint.status === 'disabled' && endpoint.disabled_reason ? (
          <Text fz="sm" c="red.8">
            {endpoint.disabled_reason}
          </Text>
        ) : null}
        {endpoint.description ? <Text fz="sm">{endpoint.description}</Text> : null}
        <Text fz="sm" c="dark.4">
          {endpoint.events.map((e) => EVENT_LABELS[e]).join(' · ')}
          {endpoint.include_customer_contact ? ' — with the customer’s email and phone' : ''}
        </Text>
        <Group gap="xs" mt={4}>
          <Button variant="light" size="compact-sm" onClick={test} loading={send.isPending}>
            Send test event
          </Button>
          <Button variant="default" size="compact-sm" onClick={onEdit}>
            Edit
          </Button>
          <Button variant="default" size="compact-sm" onClick={() => onConfirm('rotate')}>
            Rotate secret
          </Button>
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => onConfirm('delete')}>
            Remove
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setLogOpen((o) => !o)}
            aria-expanded={logOpen}
            aria-controls={logId}
          >
            {logOpen ? 'Hide deliveries' : 'Show deliveries'}
          </Button>
        </Group>
        <Collapse expanded={logOpen} id={logId}>
          {logOpen ? (
            <div className={classes.log}>
              <DeliveryLog tmk={tmk} endpoint={endpoint} timezone={timezone} />
            </div>
          ) : null}
        </Collapse>
      </Stack>
    </Paper>
  );
}

/** The store's webhook endpoints: add (secret shown once), edit, test, rotate, remove, and each one's log. */
export function WebhooksPanel({ tmk, timezone }: { tmk: string; timezone?: string | undefined }) {
  const endpoints = useQuery(webhooksQueryOptions(tmk));
  const [editor, setEditor] = useState<{ editing: WebhookEndpoint | null } | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <DeveloperPanel
      id="webhooks"
      title="Webhooks"
      intro="We POST each event you choose to your endpoint, signed with its secret (Standard Webhooks), and retry for about a day when it does not answer 2xx."
      addLabel="Add endpoint"
      onAdd={() => setEditor({ editing: null })}
      query={endpoints}
      failedText="The endpoints could not be loaded."
      emptyIcon={<IconWebhook size={18} aria-hidden="true" />}
      emptyText="No endpoints yet."
      renderItems={(items) => (
        <Stack gap="sm" mt="md">
          {items.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              tmk={tmk}
              endpoint={endpoint}
              timezone={timezone}
              onEdit={() => setEditor({ editing: endpoint })}
              onConfirm={(kind) => setConfirm({ kind, endpoint })}
            />
          ))}
        </Stack>
      )}
    >
      {editor ? (
        <WebhookEndpointModal
          key={editor.editing?.id ?? 'new'}
          tmk={tmk}
          editing={editor.editing}
          opened
          onClose={() => setEditor(null)}
          onSecret={setSecret}
        />
      ) : null}
      <ConfirmModal tmk={tmk} confirm={confirm} onClose={() => setConfirm(null)} onSecret={setSecret} />
      <SecretOnce
        title="Signing secret"
        what="signing secret"
        value={secret}
        onClose={() => setSecret(null)}
      />
    </DeveloperPanel>
  );
}
