import {
  Alert,
  Button,
  Checkbox,
  Group,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { AlertSettings } from '@mc/api';
import { ApiError } from '@mc/api';
import { type AlertChannel, type AlertKind, EMAIL_ONLY_KINDS, PHONE_CODE_LENGTH } from '@mc/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  alertSettingsQueryOptions,
  useConfirmAlertPhone,
  useSaveAlertSettings,
  useTextAlertCode,
} from '../api/alerts.ts';
import { SaveChanges } from '../components/save-changes.tsx';
import { SectionHeader } from '../components/section-header.tsx';

type Choices = Pick<AlertSettings, AlertKind | 'only_during_store_hours'>;

const ROWS: readonly { kind: AlertKind; label: string; hint: string }[] = [
  { kind: 'new_order', label: 'New order', hint: 'Orders arriving within a minute come as one message.' },
  {
    kind: 'unaccepted',
    label: 'Order still not accepted',
    hint: 'After the delay the store sets (owners and managers choose it under Company).',
  },
  {
    kind: 'sla_risk',
    label: 'Order at risk of being late',
    hint: '20 minutes before an accepted order is due.',
  },
  {
    kind: 'batch_ready',
    label: 'Printouts ready',
    hint: 'When documents you asked for are ready (email only).',
  },
];
const CHANNEL_LABEL: Record<AlertChannel, string> = { sms: 'Text', email: 'Email' };

const fieldError = (error: unknown, path: string) =>
  error instanceof ApiError ? error.fieldErrors()[path] : undefined;

/** The mobile number texts go to: a code texted to it, typed back here. */
function PhoneConfirmation({ userId, settings }: { userId: string; settings: AlertSettings }) {
  const textCode = useTextAlertCode(userId);
  const confirm = useConfirmAlertPhone(userId);
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const pending = settings.phone.pending_number;

  const send = (e: FormEvent) => {
    e.preventDefault();
    textCode.mutate(number, {
      onSuccess: (sent) => notifySuccess(`We texted a code to ${sent.pending_number}.`),
      onError: (error) => {
        if (!fieldError(error, 'phone_number')) notifyError(error);
      },
    });
  };
  const check = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate(code, {
      onSuccess: () => {
        setCode('');
        setNumber('');
        notifySuccess('Your mobile number is confirmed.');
      },
      onError: (error) => {
        if (!fieldError(error, 'code')) notifyError(error);
      },
    });
  };

  return (
    <Stack gap="xs">
      {settings.phone.number ? (
        <Text fz="sm">
          Texts go to <strong>{settings.phone.number}</strong>.
        </Text>
      ) : (
        <Text fz="sm" c="dimmed">
          No mobile number is confirmed yet: alerts can only go by email.
        </Text>
      )}
      {settings.phone.opted_out ? (
        <Alert color="orange" variant="light" title="Texts are off for this number">
          {settings.phone.number ?? 'Your number'} replied STOP (or its carrier reported it opted out), so no
          text alert goes to it; your text alerts come by email instead. Confirm the number again below to
          turn texts back on.
        </Alert>
      ) : null}
      <form onSubmit={send} aria-label="Mobile number for text alerts" noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={settings.phone.number ? 'Use another mobile number' : 'Mobile number'}
            type="tel"
            autoComplete="tel"
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            error={fieldError(textCode.error, 'phone_number')}
            w={240}
          />
          <Button type="submit" variant="default" loading={textCode.isPending} disabled={!number.trim()}>
            Text me a code
          </Button>
        </Group>
      </form>
      {pending ? (
        <form onSubmit={check} aria-label="Confirm your mobile number" noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={`Code texted to ${pending}`}
              description="It works for 10 minutes."
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={PHONE_CODE_LENGTH}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={fieldError(confirm.error, 'code')}
              w={240}
            />
            <Button
              type="submit"
              loading={confirm.isPending}
              disabled={code.trim().length !== PHONE_CODE_LENGTH}
            >
              Confirm number
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}

/** The profile page's "Alerts": what this person is told by text and email when no console is open. */
export function AlertsSection({ userId }: { userId: string }) {
  const settings = useQuery({ ...alertSettingsQueryOptions(userId), enabled: Boolean(userId) });
  const save = useSaveAlertSettings(userId);
  const [choices, setChoices] = useState<Choices | null>(null);
  useEffect(() => {
    if (settings.data) {
      const { phone: _phone, ...rest } = settings.data;
      setChoices(rest);
    }
  }, [settings.data]);

  if (!settings.data || !choices)
    return (
      <section aria-label="Alerts">
        <SectionHeader title="Alerts" />
        <Skeleton h={220} maw={720} />
      </section>
    );
  const canText = Boolean(settings.data.phone.number);
  const { phone: _phone, ...saved } = settings.data;
  const dirty = JSON.stringify(saved) !== JSON.stringify(choices);
  const toggle = (kind: AlertKind, channel: AlertChannel, on: boolean) =>
    setChoices((c) =>
      c
        ? {
            ...c,
            [kind]: on ? [...c[kind], channel] : c[kind].filter((x) => x !== channel),
          }
        : c,
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(choices as Parameters<typeof save.mutate>[0], {
      onSuccess: () => notifySuccess('Your alert settings are saved.'),
      onError: (error) => notifyError(error),
    });
  };

  return (
    <section aria-label="Alerts">
      <SectionHeader
        title="Alerts"
        description="Be told of orders when no console is open: by text to your mobile, by email, or both."
      />
      <Stack gap="md" maw={720}>
        <PhoneConfirmation userId={userId} settings={settings.data} />
        <form onSubmit={submit} aria-label="What you are alerted about" noValidate>
          <Stack gap="sm">
            <Table withTableBorder verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Alert</Table.Th>
                  <Table.Th scope="col" ta="center" w={80}>
                    Text
                  </Table.Th>
                  <Table.Th scope="col" ta="center" w={80}>
                    Email
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ROWS.map((row) => (
                  <Table.Tr key={row.kind}>
                    <Table.Th scope="row" fw="normal">
                      <Text fz="sm" fw={600}>
                        {row.label}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {row.hint}
                      </Text>
                    </Table.Th>
                    {(['sms', 'email'] as const).map((channel) => {
                      const emailOnly = channel === 'sms' && EMAIL_ONLY_KINDS.includes(row.kind);
                      const checked = (choices[row.kind] as AlertChannel[]).includes(channel);
                      return (
                        <Table.Td key={channel} ta="center">
                          <Checkbox
                            aria-label={`${row.label} by ${CHANNEL_LABEL[channel].toLowerCase()}`}
                            checked={checked}
                            // Text needs a confirmed number; a choice kept from before an opt-out can be unticked.
                            disabled={emailOnly || (channel === 'sms' && !canText && !checked)}
                            onChange={(e) => toggle(row.kind, channel, e.currentTarget.checked)}
                            styles={{ body: { justifyContent: 'center' } }}
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Switch
              label="Only while the store is open"
              description="Alerts due while the store is closed wait for the opening (an owner is still told of an order nobody answered)."
              checked={choices.only_during_store_hours}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setChoices((c) => (c ? { ...c, only_during_store_hours: on } : c));
              }}
            />
            <SaveChanges saving={save.isPending} disabled={!dirty} />
          </Stack>
        </form>
      </Stack>
    </section>
  );
}
