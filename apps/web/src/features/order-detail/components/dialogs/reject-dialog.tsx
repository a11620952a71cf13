import { Button, Radio, Stack, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  BREAKPOINTS,
  DEFAULT_REJECTION_REASON,
  MAX_LENGTH,
  MSG,
  REJECT_PLACEHOLDER,
  REJECTION_REASON_OPTIONS,
  type RejectionReason,
  RejectOrderSchema,
  rejectOrderBody,
} from '@mc/domain';
import { useState } from 'react';
import { Dialog } from '../../../../components/dialog.tsx';
import { DialogActions } from '../../../../components/dialog-actions.tsx';
import type { DialogProps } from './dialog-props.ts';

/** Reject Order: reasons (default customer_cancelled); 'other' needs text ('Please insert a reason'). */
export function RejectDialog({ opened, onClose, actions }: DialogProps) {
  const [reason, setReason] = useState<RejectionReason>(DEFAULT_REJECTION_REASON);
  const [other, setOther] = useState('');
  const [error, setError] = useState<string | null>(null);
  const narrow = useMediaQuery(`(max-width: ${BREAKPOINTS.rejectDialog}px)`);

  async function handleSubmit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = RejectOrderSchema.safeParse({ reason, other_reason: other });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const body = {
      ...rejectOrderBody(parsed.data),
      ...(parsed.data.reason === 'other' ? { other_reason: parsed.data.other_reason } : {}),
    };
    const res = await actions.run(
      { kind: 'status', body },
      { expect: 'MERCHANT_REJECTED', success: MSG.ORDER_UPDATED, failure: MSG.ORDER_REJECT_FAILED },
    );
    if (res.ok) onClose();
    else setError(res.fieldErrors.other_reason ?? null);
  }

  return (
    <Dialog opened={opened} onClose={onClose} title="Reject Order" fullScreen={narrow}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Radio.Group
            label="Why are you rejecting this order?"
            value={reason}
            onChange={(v) => {
              setReason(v as RejectionReason);
              setError(null);
            }}
          >
            <Stack gap="xs" mt="xs">
              {REJECTION_REASON_OPTIONS.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Radio.Group>
          {reason === 'other' && (
            <Textarea
              label="Reason"
              maxLength={MAX_LENGTH.note}
              placeholder={REJECT_PLACEHOLDER}
              value={other}
              onChange={(e) => {
                setOther(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              autosize
              minRows={3}
              data-autofocus
            />
          )}
          {/* Opens on Cancel: Enter alone never rejects. */}
          <DialogActions onCancel={onClose} focusCancel>
            <Button type="submit" color="red" loading={actions.isPending}>
              Reject Order
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}
