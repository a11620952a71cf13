import { Checkbox, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { ApiError, type WebhookEndpoint } from '@mc/api';
import { OUTGOING_EVENT_TYPES, type OutgoingEventType } from '@mc/domain';
import { useState } from 'react';
import { SubmitActions } from '../../../components/dialog-actions.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateWebhook, useUpdateWebhook } from '../api/developer-api.ts';
import { EVENT_LABELS } from '../labels.ts';

const DEFAULT_EVENTS: OutgoingEventType[] = [
  'order.created',
  'order.accepted',
  'order.shipped',
  'order.delivered',
];

/**
 * Add an endpoint (the answer's signing secret goes to `onSecret`, shown once) or change one: its URL,
 * description, events, whether the payload keeps the customer's email and phone, and, once the endpoint
 * was turned off, turning it on again.
 */
export function WebhookEndpointModal({
  tmk,
  editing,
  opened,
  onClose,
  onSecret,
}: {
  tmk: string;
  /** The endpoint to change; null to add one. */
  editing: WebhookEndpoint | null;
  opened: boolean;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const create = useCreateWebhook(tmk);
  const update = useUpdateWebhook(tmk);
  const [url, setUrl] = useState(editing?.url ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [events, setEvents] = useState<string[]>(editing?.events ?? DEFAULT_EVENTS);
  const [contact, setContact] = useState(editing?.include_customer_contact ?? false);
  const [enabled, setEnabled] = useState(editing ? editing.status === 'enabled' : true);
  const error = create.error ?? update.error;
  const fields = error instanceof ApiError ? error.fieldErrors() : {};
  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  const failed = (e: unknown) => {
    if (!(e instanceof ApiError) || Object.keys(e.fieldErrors()).length === 0)
      notifyError(e, 'The endpoint could not be saved.');
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const chosen = events as OutgoingEventType[];
    if (editing) {
      update.mutate(
        {
          id: editing.id,
          body: {
            url,
            events: chosen,
            description: description.trim() || null,
            include_customer_contact: contact,
            ...(editing.status === 'disabled' && enabled ? { enabled: true } : {}),
          },
        },
        {
          onSuccess: () => {
            notifySuccess('The endpoint is saved.');
            close();
          },
          onError: failed,
        },
      );
      return;
    }
    create.mutate(
      {
        url,
        events: chosen,
        include_customer_contact: contact,
        ...(description.trim() ? { description: description.trim() } : {}),
      },
      {
        onSuccess: (answer) => {
          close();
          onSecret(answer.secret);
        },
        onError: failed,
      },
    );
  };
  const title = editing ? 'Edit endpoint' : 'Add an endpoint';
  return (
    <Modal opened={opened} onClose={close} title={title} centered size="xl">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput
            label="Endpoint URL"
            description="Where we POST each event, signed as Standard Webhooks"
            placeholder="https://example.com/webhooks/orders"
            required
            type="url"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={fields.url}
            data-autofocus
          />
          <TextInput
            label="Description"
            maxLength={200}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={fields.description}
          />
          <Checkbox.Group label="Events" value={events} onChange={setEvents} error={fields.events} required>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={8} mt={8}>
              {OUTGOING_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={EVENT_LABELS[type]} description={type} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Switch
            label="Include the customer’s email and phone number"
            description="Off: the order is sent without them"
            checked={contact}
            onChange={(e) => setContact(e.currentTarget.checked)}
          />
          {editing?.status === 'disabled' ? (
            <Switch
              label="Turn the endpoint on again"
              description={editing.disabled_reason ?? undefined}
              checked={enabled}
              onChange={(e) => setEnabled(e.currentTarget.checked)}
            />
          ) : null}
          <SubmitActions onCancel={close} loading={create.isPending || update.isPending}>
            {editing ? 'Save' : 'Add endpoint'}
          </SubmitActions>
        </Stack>
      </form>
    </Modal>
  );
}
