import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  AM_PM,
  type AmPm,
  COURIER_INFO_REFRESH_MS,
  CourierRequestSchema,
  canMarkDelivered,
  canMarkOutForDelivery,
  courierRequestBody,
  DeliveredSchema,
  decideAgeCheck,
  deliveryDetailsBody,
  FILL_REQUIRED_MESSAGE,
  formatShortDate,
  formatTime,
  MAX_LENGTH,
  MSG,
  needsAgeCheck,
  type OrderStatus,
  showCourierDetails,
} from '@mc/domain';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../../components/dialog.tsx';
import { SubmitActions } from '../../../../components/dialog-actions.tsx';
import { refreshOrder } from '../../api/order-mutations.ts';
import { CourierDetails } from '../courier-details.tsx';
import {
  type AgeCheckDraft,
  AgeCheckFields,
  ageVerificationOf,
  EMPTY_AGE_CHECK,
} from './age-check-fields.tsx';
import type { DialogProps } from './dialog-props.ts';
import {
  canReportFailedDelivery,
  FailedDeliveryButton,
  FailedDeliveryForm,
  FailedDeliveryNotice,
} from './failed-delivery.tsx';

export type DeliveryMode = 'out_for_delivery' | 'delivered' | 'courier';

const DELIVERY_MODE_TITLES: Record<DeliveryMode, string> = {
  out_for_delivery: 'Mark Your Order As Out For Delivery',
  delivered: 'Mark Your Order As Delivered',
  courier: 'Call a Courier',
};

/** The starting mode for an order: out for delivery while accepted, delivered once shipped. */
export function initialDeliveryMode(status: OrderStatus, courier: boolean): DeliveryMode {
  if (courier && canMarkOutForDelivery(status)) return 'courier';
  return canMarkDelivered(status) ? 'delivered' : 'out_for_delivery';
}

/**
 * 'Deliver Order': out for delivery, delivered (date, time, AM/PM, signed by, delivered by) or
 * call a courier (bags, instructions, save for future, dispatch 'immediate'); the courier info shows as
 * 'Pickup Requested', refreshed 1.5 s after the request.
 */
export function DeliveryPanel({
  opened,
  onClose,
  order,
  actions,
  mode: startMode,
  tmk,
  onTrackingEntry,
}: DialogProps & { mode: DeliveryMode; tmk: string; onTrackingEntry: () => void }) {
  const [mode, setMode] = useState<DeliveryMode>(startMode);
  const status = order.status as OrderStatus;
  const tz = order.timezone;
  const now = new Date();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [ampm, setAmpm] = useState<AmPm>('PM');
  const [signedBy, setSignedBy] = useState('');
  const [deliveredBy, setDeliveredBy] = useState('');
  // The ID check at the door: own-driver orders only (decision 0101).
  const idCheck = needsAgeCheck(order);
  const [ageCheck, setAgeCheck] = useState<AgeCheckDraft>(EMPTY_AGE_CHECK);
  const [bags, setBags] = useState<string | number>(1);
  const [instructions, setInstructions] = useState('');
  const [save, setSave] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [packageError, setPackageError] = useState<string | null>(null);
  const [failing, setFailing] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the panel opens
  useEffect(() => {
    if (!opened) return;
    setMode(startMode);
    const t = formatTime(now, tz); // '3:04 PM'
    const [hm, ap] = t.split(' ');
    setDate(formatShortDate(now, tz));
    setTime(hm ?? '');
    setAmpm((ap as AmPm) ?? 'PM');
    setSignedBy(order.delivery_details?.signed_by ? String(order.delivery_details.signed_by) : '');
    setDeliveredBy(order.delivery_details?.delivered_by ? String(order.delivery_details.delivered_by) : '');
    setInstructions(String(order.aux_data.courier_pick_instructions ?? ''));
    setAgeCheck(EMPTY_AGE_CHECK);
    setBags(1);
    setSave(false);
    setError(null);
    setPackageError(null);
    setFailing(false);
  }, [opened, startMode]);

  const pickup = showCourierDetails(status, order.courier_info) && order.courier_info;

  async function handleOutForDelivery() {
    const res = await actions.run(
      { kind: 'ship', body: { status: 'MERCHANT_SHIPPED' } },
      { expect: 'MERCHANT_SHIPPED', success: MSG.DELIVERY_STATUS_UPDATED },
    );
    if (res.ok) onClose();
  }

  async function handleDelivered(e: React.FormEvent) {
    e.preventDefault();
    const parsed = DeliveredSchema.safeParse({
      date,
      time,
      ampm,
      signed_by: signedBy,
      delivered_by: deliveredBy,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const age = idCheck ? ageVerificationOf(ageCheck) : null;
    if (age && !age.ok) {
      setError(age.message);
      return;
    }
    const details = deliveryDetailsBody(parsed.data, tz);
    if (age?.ok) {
      // The server's own rule, asked first: an under-21 (or impossible) age is said here, before any request.
      const decision = decideAgeCheck({
        rule: 'own_driver',
        verification: age.value,
        deliveredOn: details.delivered_on,
        tz,
      });
      if (!decision.ok) {
        setError(decision.message);
        return;
      }
    }
    const delivery_info = {
      ...details,
      ...(age?.ok ? { age_verification: age.value } : {}),
    };
    const res = await actions.run(
      { kind: 'status', body: { status: 'CLOSED', delivery_info } },
      { expect: 'CLOSED', success: MSG.DELIVERY_DETAILS_SAVED },
    );
    if (res.ok) onClose();
    else setError(Object.values(res.fieldErrors)[0] ?? null);
  }

  async function handleCourier(e: React.FormEvent) {
    e.preventDefault();
    const parsed = CourierRequestSchema.safeParse({
      number_of_package: bags,
      pickup_instructions: instructions,
      save_instructions: save,
    });
    if (!parsed.success) {
      setError(FILL_REQUIRED_MESSAGE);
      setPackageError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const res = await actions.run(
      { kind: 'courier', body: courierRequestBody(parsed.data) },
      { expect: 'MERCHANT_SHIPPED', success: MSG.COURIER_DETAILS_SAVED, redirectOnFailure: false },
    );
    if (res.ok) {
      setTimeout(() => void refreshOrder(tmk, order.id), COURIER_INFO_REFRESH_MS);
      onClose();
    } else {
      const first = Object.values(res.fieldErrors)[0];
      if (first) setPackageError(first);
    }
  }

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={failing ? 'Delivery failed' : pickup ? 'Pickup Requested' : DELIVERY_MODE_TITLES[mode]}
    >
      {!failing && !pickup && <FailedDeliveryNotice order={order} />}
      {failing ? (
        <FailedDeliveryForm
          order={order}
          actions={actions}
          onBack={() => setFailing(false)}
          onDone={onClose}
        />
      ) : pickup ? (
        <Stack>
          <CourierDetails info={pickup} tz={tz} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : mode === 'out_for_delivery' ? (
        <Stack>
          <Text fz="sm">Let the customer know the order is on its way.</Text>
          <Button onClick={handleOutForDelivery} loading={actions.isPending} data-autofocus>
            OUT FOR DELIVERY
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" fz="sm" onClick={onTrackingEntry}>
              Enter tracking information instead
            </Anchor>
            <Anchor component="button" type="button" fz="sm" onClick={() => setMode('courier')}>
              Call a Courier
            </Anchor>
          </Group>
        </Stack>
      ) : mode === 'delivered' ? (
        <form onSubmit={handleDelivered} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group grow align="flex-start">
              <TextInput
                label="Date"
                maxLength={MAX_LENGTH.short}
                placeholder="MM/DD/YYYY"
                value={date}
                onChange={(e) => setDate(e.currentTarget.value)}
                required
              />
              <TextInput
                label="Time"
                maxLength={MAX_LENGTH.short}
                placeholder="12:00"
                value={time}
                onChange={(e) => setTime(e.currentTarget.value)}
                required
              />
            </Group>
            <SegmentedControl
              aria-label="AM or PM"
              data={[...AM_PM]}
              value={ampm}
              onChange={(v) => setAmpm(v as AmPm)}
            />
            <TextInput
              label="Signed by"
              maxLength={MAX_LENGTH.name}
              value={signedBy}
              onChange={(e) => setSignedBy(e.currentTarget.value)}
            />
            <TextInput
              label="Delivered by"
              maxLength={MAX_LENGTH.name}
              value={deliveredBy}
              onChange={(e) => setDeliveredBy(e.currentTarget.value)}
            />
            {idCheck && <AgeCheckFields value={ageCheck} onChange={setAgeCheck} />}
            <SubmitActions onCancel={onClose} loading={actions.isPending}>
              Mark as Delivered
            </SubmitActions>
          </Stack>
        </form>
      ) : (
        <form onSubmit={handleCourier} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <NumberInput
              clampBehavior="none"
              label="Number of bags"
              min={1}
              step={1}
              allowDecimal={false}
              value={bags}
              onChange={setBags}
              error={packageError}
              required
            />
            <Textarea
              label="Pickup instructions"
              maxLength={MAX_LENGTH.note}
              value={instructions}
              onChange={(e) => setInstructions(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            <Checkbox
              label="Save instructions for future use"
              checked={save}
              onChange={(e) => setSave(e.currentTarget.checked)}
            />
            <SubmitActions onCancel={onClose} loading={actions.isPending}>
              Request Pickup
            </SubmitActions>
          </Stack>
        </form>
      )}
      {!failing && !pickup && mode === 'delivered' && canReportFailedDelivery(order) && (
        <FailedDeliveryButton onClick={() => setFailing(true)} />
      )}
    </Dialog>
  );
}
