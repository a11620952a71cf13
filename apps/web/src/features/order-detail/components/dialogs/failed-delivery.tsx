/**
 * 'Delivery failed' (docs/decisions/0102): in the delivery panel of an order out with the
 * store's own driver. The reasons say what each does (another attempt, or cancelled with the restocking
 * fee); the SLA badge says whether another attempt is still on time; after two failed attempts the
 * dialog suggests cancelling.
 */
import { Alert, Badge, Button, Divider, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  centsToDollars,
  dollarsToCents,
  FAILED_DELIVERY_MSG,
  FAILED_DELIVERY_REASON_LABELS,
  FAILED_DELIVERY_REASONS,
  type FailedDeliveryReason,
  failedDeliveryOutcome,
  failedDeliveryTarget,
  formatUsd,
  isOutWithStoreDriver,
  MAX_LENGTH,
  RESTOCKING_FEE_USD,
  restockingSettlement,
  retrySla,
  slaColor,
} from '@mc/domain';
import { IconTruckOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { DialogProps } from './dialog-props.ts';

/** Whether the panel offers 'Delivery failed': the order is out with the store's own driver. */
export function canReportFailedDelivery(order: DialogProps['order']): boolean {
  return isOutWithStoreDriver({
    status: order.status,
    delivery_method: order.delivery.method,
    courier_estimate_id: order.courier_estimate_id,
    courier_info: order.courier_info,
    tracking_id: order.tracking_id,
  });
}

/**
 * Above the panel's other modes once a delivery has failed: how many times, and from the second failure on
 * the suggestion to cancel instead of another attempt.
 */
export function FailedDeliveryNotice({ order }: Pick<DialogProps, 'order'>) {
  const attempts = order.failed_delivery?.attempts ?? 0;
  if (attempts === 0) return null;
  return (
    <Alert color={order.failed_delivery?.suggest_cancel ? 'orange' : 'gray'} variant="light" mb="md">
      {order.failed_delivery?.suggest_cancel
        ? FAILED_DELIVERY_MSG.SUGGEST_CANCEL
        : `Delivery failed ${attempts === 1 ? 'once' : `${attempts} times`} already.`}
    </Alert>
  );
}

/** The link-style button under the 'Delivered' form. */
/**
 * Set apart from the panel's confirming action: below a divider of its own, on the other side from
 * 'Mark as Delivered', outlined in red with its own icon, so closing a delivery never lands on it by habit.
 */
export function FailedDeliveryButton({ onClick }: { onClick: () => void }) {
  return (
    <Stack gap="sm" mt="xl">
      <Divider label="Could not hand it over?" labelPosition="left" />
      <Group justify="flex-start">
        <Button
          variant="outline"
          color="red"
          leftSection={<IconTruckOff size={16} aria-hidden="true" />}
          onClick={onClick}
        >
          Delivery failed
        </Button>
      </Group>
    </Stack>
  );
}

export function FailedDeliveryForm({
  order,
  actions,
  onBack,
  onDone,
  now = new Date(),
}: Pick<DialogProps, 'order' | 'actions'> & { onBack: () => void; onDone: () => void; now?: Date }) {
  const [reason, setReason] = useState<FailedDeliveryReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);

  const { refundCents, feeCents } = restockingSettlement(dollarsToCents(order.transaction.total));
  const retry = retrySla({
    deliveryMethod: order.delivery.method,
    submittedAt: new Date(order.date_submitted),
    timezone: order.timezone,
    deliveryWindowEnd: order.delivery.window ? new Date(order.delivery.window[1]) : null,
    now,
  });
  const attempts = order.failed_delivery?.attempts ?? 0;
  const outcome = reason ? failedDeliveryOutcome(reason) : null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!reason) {
      setError('Choose why the delivery failed');
      return;
    }
    setError(null);
    const res = await actions.run(
      { kind: 'failed_delivery', body: { reason, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        expect: failedDeliveryTarget(reason),
        success:
          failedDeliveryOutcome(reason) === 'cancel_with_fee'
            ? FAILED_DELIVERY_MSG.CANCEL_SAVED
            : attempts + 1 >= 2
              ? `${FAILED_DELIVERY_MSG.RETRY_SAVED} ${FAILED_DELIVERY_MSG.SUGGEST_CANCEL}`
              : FAILED_DELIVERY_MSG.RETRY_SAVED,
        redirectOnFailure: false,
      },
    );
    if (res.ok) onDone();
    else {
      if (res.fieldErrors.reason) setError(res.fieldErrors.reason);
      if (res.fieldErrors.note) setNoteError(res.fieldErrors.note);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Delivery failed">
      <Stack>
        <FailedDeliveryNotice order={order} />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Radio.Group
          label="Why did the delivery fail?"
          value={reason ?? ''}
          onChange={(v) => setReason(v as FailedDeliveryReason)}
          required
        >
          <Stack gap="xs" mt="xs">
            {FAILED_DELIVERY_REASONS.map((r) => (
              <Radio
                key={r}
                value={r}
                label={FAILED_DELIVERY_REASON_LABELS[r]}
                description={
                  failedDeliveryOutcome(r) === 'cancel_with_fee'
                    ? `Cancels the order: $${RESTOCKING_FEE_USD} restocking fee`
                    : 'Back to accepted for another attempt'
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group gap="xs" align="center">
          <Text fz="sm" c="dimmed">
            Another attempt:
          </Text>
          <Badge
            color={slaColor(retry.type)}
            variant="light"
            radius="sm"
            data-sla={retry.type}
            style={{ textTransform: 'none', width: 'max-content', maxWidth: '100%' }}
          >
            {retry.label}
          </Badge>
        </Group>
        {outcome === 'cancel_with_fee' && (
          <Alert color="orange" variant="light" data-testid="failed-delivery-fee">
            {FAILED_DELIVERY_MSG.CANCEL_HINT} Restocking fee {formatUsd(centsToDollars(feeCents))}, refund{' '}
            {formatUsd(centsToDollars(refundCents))}.
          </Alert>
        )}
        {outcome === 'retry' && (
          <Text fz="sm" c="dimmed">
            {FAILED_DELIVERY_MSG.RETRY_HINT}
          </Text>
        )}
        <Textarea
          label="Note (optional)"
          maxLength={MAX_LENGTH.note}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={noteError}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button
            type="submit"
            color={outcome === 'cancel_with_fee' ? 'red' : undefined}
            loading={actions.isPending}
          >
            {outcome === 'cancel_with_fee' ? 'Cancel with fee' : 'Record failed delivery'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
