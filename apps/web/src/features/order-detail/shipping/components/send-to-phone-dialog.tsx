/**
 * 'Send Directions to Phone': a US number by default (+1 is prefixed when no
 * country code is given), formatted (###) ###-#### as typed. The server writes the message from the order
 * (recipient name, address, phone, maps link) and sends it through the SMS adapter.
 */
import { Stack, Text, TextInput } from '@mantine/core';
import type { OrderDetail } from '@mc/api';
import {
  directionsSentMessage,
  formatPhoneDisplay,
  formatUsPhone,
  MAX_LENGTH,
  MSG,
  PHONE_DEFAULT_COUNTRY_CODE,
  personName,
  SendToPhoneSchema,
} from '@mc/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../../components/dialog.tsx';
import { SubmitActions } from '../../../../components/dialog-actions.tsx';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { sendDirectionsSms } from '../api/shipping-api.ts';

export interface SendToPhoneDialogProps {
  order: Pick<OrderDetail, 'id' | 'recipient'>;
  opened: boolean;
  onClose: () => void;
  onDone?: (to: string) => void;
}

/** As typed: an international number (+…) is kept; anything else is masked (###) ###-####. */
export function maskPhoneInput(value: string): string {
  const v = value.trimStart();
  if (v.startsWith('+')) return v;
  return formatUsPhone(v);
}

export function SendToPhoneDialog({ order, opened, onClose, onDone }: SendToPhoneDialogProps) {
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setNumber('');
    setError(null);
  }, [opened]);

  const send = useMutation({ mutationFn: (to: string) => sendDirectionsSms(to, order.id) });

  async function handleSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (send.isPending) return;
    const parsed = SendToPhoneSchema.safeParse({ number });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    try {
      await send.mutateAsync(parsed.data.number);
      notifySuccess(directionsSentMessage(formatPhoneDisplay(number)));
      onClose();
      onDone?.(parsed.data.number);
    } catch (err) {
      notifyError(err, { fixed: MSG.DIRECTIONS_SEND_FAILED });
    }
  }

  const name = personName(order.recipient);
  return (
    <Dialog opened={opened} onClose={onClose} title="Send Directions to Phone">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Text fz="sm">
            Text the delivery address of <b>{name || 'the recipient'}</b> with a maps link to a driver's
            phone.
          </Text>
          <TextInput
            label="Phone number"
            maxLength={MAX_LENGTH.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(555) 555-5555"
            leftSection={number.startsWith('+') ? null : <Text fz="sm">{PHONE_DEFAULT_COUNTRY_CODE}</Text>}
            value={number}
            onChange={(e) => {
              setNumber(maskPhoneInput(e.currentTarget.value));
              setError(null);
            }}
            error={error}
            data-autofocus
            required
          />
          <SubmitActions onCancel={onClose} cancelDisabled={send.isPending} loading={send.isPending}>
            Send
          </SubmitActions>
        </Stack>
      </form>
    </Dialog>
  );
}
