import { Alert, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  canEnterTracking,
  MAX_LENGTH,
  MSG,
  type OrderStatus,
  TRACKING_CARRIER_LABELS,
  TRACKING_CARRIERS,
  TRACKING_ID_MAX_LENGTH,
  type TrackingCarrier,
  TrackingSchema,
} from '@mc/domain';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../../components/dialog.tsx';
import { SubmitActions } from '../../../../components/dialog-actions.tsx';
import type { DialogProps } from './dialog-props.ts';

/**
 * Tracking entry ('You're ready to ship!'): FedEx, UPS, GSO or OTHER (with its name and URL). An accepted
 * order ships with it; a shipped order's tracking is edited in place, under 'Edit Tracking'.
 */
export function TrackingDialog({ opened, onClose, order, actions }: DialogProps) {
  const [provider, setProvider] = useState<TrackingCarrier | null>(null);
  const [trackingId, setTrackingId] = useState('');
  const [otherName, setOtherName] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!opened) return;
    setProvider((order.tracking_provider as TrackingCarrier | null) ?? null);
    setTrackingId(order.tracking_id ?? '');
    setOtherName(order.other_tracking_provider ?? '');
    setUrl(order.tracking_provider === 'OTHER' ? (order.tracking_url ?? '') : '');
    setErrors({});
  }, [opened, order]);

  const ships = canEnterTracking(order.status as OrderStatus);

  async function handleSubmit(e: React.FormEvent) {
    e.preventDefault();
    const input = {
      tracking_provider: provider ?? undefined,
      tracking_id: trackingId,
      ...(provider === 'OTHER' ? { other_tracking_provider: otherName, tracking_url: url } : {}),
    };
    const parsed = TrackingSchema.safeParse(input);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const i of parsed.error.issues) out[String(i.path[0] ?? 'form')] ??= i.message;
      setErrors(out);
      return;
    }
    const opts = { success: MSG.TRACKING_SAVED, failure: MSG.TRACKING_SAVE_FAILED };
    const res = ships
      ? await actions.run(
          { kind: 'status', body: { status: 'MERCHANT_SHIPPED', tracking_info: parsed.data } },
          { ...opts, expect: 'MERCHANT_SHIPPED' },
        )
      : await actions.run({ kind: 'data', body: parsed.data }, opts);
    if (res.ok) onClose();
    else
      setErrors(
        Object.fromEntries(
          Object.entries(res.fieldErrors).map(([k, v]) => [k.replace(/^tracking_info\./, ''), v]),
        ),
      );
  }

  const summary = Object.values(errors)[0];
  return (
    <Dialog opened={opened} onClose={onClose} title={ships ? MSG.TRACKING_TITLE : MSG.EDIT_TRACKING_TITLE}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {ships ? (
            <Alert color="teal" variant="light" title={MSG.READY_TO_SHIP}>
              Enter the carrier and the tracking number of the package.
            </Alert>
          ) : (
            <Text fz="sm">{MSG.EDIT_TRACKING_HINT}</Text>
          )}
          {summary && (
            <Alert color="red" variant="light" role="alert">
              {summary}
            </Alert>
          )}
          <Select
            label="Carrier"
            placeholder="Choose a carrier"
            data={TRACKING_CARRIERS.map((c) => ({ value: c, label: TRACKING_CARRIER_LABELS[c] }))}
            value={provider}
            onChange={(v) => setProvider(v as TrackingCarrier | null)}
            error={errors.tracking_provider ? true : undefined}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
            allowDeselect={false}
          />
          {provider === 'OTHER' && (
            <TextInput
              label="Carrier name"
              maxLength={MAX_LENGTH.name}
              value={otherName}
              onChange={(e) => setOtherName(e.currentTarget.value)}
              error={errors.other_tracking_provider ? true : undefined}
            />
          )}
          <TextInput
            label="Tracking number"
            maxLength={MAX_LENGTH.trackingId}
            value={trackingId}
            onChange={(e) => setTrackingId(e.currentTarget.value)}
            error={
              errors.tracking_id && errors.tracking_id !== summary
                ? errors.tracking_id
                : errors.tracking_id
                  ? true
                  : undefined
            }
            description={`Up to ${TRACKING_ID_MAX_LENGTH} characters; spaces are removed.`}
          />
          {provider === 'OTHER' && (
            <TextInput
              label="Tracking URL"
              maxLength={MAX_LENGTH.url}
              type="url"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={errors.tracking_url ? true : undefined}
            />
          )}
          <SubmitActions onCancel={onClose} loading={actions.isPending}>
            {ships ? 'Save & Ship' : 'Save'}
          </SubmitActions>
        </Stack>
      </form>
    </Dialog>
  );
}
