/**
 * 'Create Shipping Label': one row per box with its weight and declared value,
 * more boxes only when the order has 2 or more units, the order weight split evenly, a link to the
 * carrier settings. The purchase carries an Idempotency-Key (one per attempt) and the button is disabled
 * while it is in flight; a bought label opens for printing.
 */
import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { ApiError, LabelErrorBodySchema, type LabelPurchaseResponse, type OrderDetail } from '@mc/api';
import {
  canAddBoxes,
  canCreateShippingLabel,
  DECLARED_VALUE_LIMIT_TEXT,
  labelAvailability,
  labelErrorMessage,
  labelPurchaseBoxes,
  MSG,
  ShippingBoxSchema,
  splitWeight,
  totalQuantity,
} from '@mc/domain';
import { IconPlus, IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Dialog } from '../../../../components/dialog.tsx';
import { DialogActions } from '../../../../components/dialog-actions.tsx';
import { merchantQueryOptions } from '../../../../lib/merchant-api.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../../lib/notify.ts';
import { newIdempotencyKey, useBuyLabels, useLabelCarrierAccount } from '../api/shipping-api.ts';
import { recordLabelErrorAndMessage } from '../hooks/label-error-log.ts';
import { printLabels } from '../hooks/use-print-labels.ts';

export interface CreateShippingLabelDialogProps {
  tmk: string;
  order: OrderDetail;
  opened: boolean;
  onClose: () => void;
  /** After the labels are bought (the order is then MERCHANT_SHIPPED). */
  onDone?: (result: LabelPurchaseResponse) => void;
}

interface BoxDraft {
  weight: string;
  insurance: string;
}
type BoxErrors = { weight?: string; insurance?: string };

const toText = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : String(n));

function initialBoxes(orderWeight: number | null, count: number): BoxDraft[] {
  const weights =
    orderWeight && orderWeight > 0 ? splitWeight(orderWeight, count) : Array(count).fill(undefined);
  return weights.map((w) => ({ weight: toText(w), insurance: '' }));
}

/** The message for a refused purchase: the server's (already mapped), else the spec's general text. */
function purchaseErrorMessage(error: unknown): { message: string; isCarrier: boolean } {
  if (error instanceof ApiError) {
    // A carrier refusal answers with the label error body (each error names its carrier).
    const label = LabelErrorBodySchema.safeParse(error.body);
    const carrierError = label.success ? label.data.errors?.[0] : undefined;
    if (label.success && carrierError)
      return { message: label.data.message || labelErrorMessage(carrierError), isCarrier: true };
    if (error.body?.message) return { message: error.body.message, isCarrier: error.status >= 500 };
  }
  return { message: labelErrorMessage({}), isCarrier: true };
}

export function CreateShippingLabelDialog({
  tmk,
  order,
  opened,
  onClose,
  onDone,
}: CreateShippingLabelDialogProps) {
  const merchant = useQuery({ ...merchantQueryOptions(tmk), enabled: Boolean(tmk) && opened });
  const hasCarrier = canCreateShippingLabel(merchant.data);
  const account = useLabelCarrierAccount(tmk, opened && hasCarrier);
  // Roles without the carrier page (403) still know from the merchant's flag that a carrier exists.
  const availability = labelAvailability(hasCarrier ? { carrier: account.data?.carrier ?? 'UPS' } : null);
  const carrierName = account.data?.carrier ?? null;

  const units = totalQuantity(order.items);
  const [boxes, setBoxes] = useState<BoxDraft[]>(() => initialBoxes(order.order_weight, 1));
  const [errors, setErrors] = useState<BoxErrors[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const keyRef = useRef<string>(newIdempotencyKey());

  useEffect(() => {
    if (!opened) return;
    setBoxes(initialBoxes(order.order_weight, 1));
    setErrors([]);
    setFailure(null);
    keyRef.current = newIdempotencyKey();
  }, [opened, order.order_weight]);

  const purchase = useBuyLabels(tmk, order.id);

  function setBoxCount(count: number) {
    // The order weight is split evenly over the boxes again; declared values are kept.
    const next = initialBoxes(order.order_weight, count).map((b, i) => ({
      weight: order.order_weight ? b.weight : (boxes[i]?.weight ?? ''),
      insurance: boxes[i]?.insurance ?? '',
    }));
    setBoxes(next);
    setErrors([]);
  }

  function update(index: number, patch: Partial<BoxDraft>) {
    setBoxes((bs) => bs.map((b, i) => (i === index ? { ...b, ...patch } : b)));
    setErrors((es) =>
      es.map((e, i) =>
        i === index
          ? { ...e, ...(patch.weight !== undefined ? { weight: undefined } : { insurance: undefined }) }
          : e,
      ),
    );
  }

  async function handleSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (purchase.isPending) return;
    setFailure(null);
    const parsed = boxes.map((b) => ShippingBoxSchema.safeParse(b));
    const fieldErrors: BoxErrors[] = parsed.map((p) => {
      if (p.success) return {};
      const out: BoxErrors = {};
      for (const issue of p.error.issues) {
        const key = issue.path[0] as keyof BoxErrors;
        out[key] ??= issue.message;
      }
      return out;
    });
    if (fieldErrors.some((fe) => fe.weight || fe.insurance)) {
      setErrors(fieldErrors);
      return;
    }
    const valid = parsed.flatMap((p) => (p.success ? [p.data] : []));
    try {
      const result = await purchase.mutateAsync({ boxes: labelPurchaseBoxes(valid), key: keyRef.current });
      notifySuccess(MSG.LABELS_CREATED);
      notifyInfo(MSG.LABELS_DOWNLOADING);
      onClose();
      onDone?.(result);
      await printLabels(tmk, order.id, result.shipping_labels);
    } catch (error) {
      keyRef.current = newIdempotencyKey(); // the next attempt is a new purchase
      if (error instanceof ApiError && error.status === 400 && error.body?.errors?.length) {
        const fe: BoxErrors[] = boxes.map(() => ({}));
        for (const issue of error.body.errors) {
          const m = /^(\d+)\.(weight|insurance)$/.exec(issue.path);
          if (m) fe[Number(m[1])]![m[2] as keyof BoxErrors] ??= issue.message;
        }
        if (fe.some((x) => x.weight || x.insurance)) {
          setErrors(fe);
          return;
        }
      }
      const { message, isCarrier } = purchaseErrorMessage(error);
      const shown = isCarrier ? recordLabelErrorAndMessage(message) : message;
      setFailure(shown);
      notifyError(error, { fixed: shown });
    }
  }

  const canAdd = canAddBoxes(units, boxes.length);
  const blocked = merchant.isSuccess && !availability.canCreate;

  return (
    <Dialog opened={opened} onClose={onClose} title="Create Shipping Label" size="lg">
      {blocked ? (
        <Stack>
          <Alert color="orange" variant="light" role="alert">
            {availability.message}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate aria-busy={purchase.isPending}>
          <Stack gap="sm">
            <Group gap="xs" wrap="nowrap">
              <IconTruckDelivery size={18} aria-hidden />
              <Text fz="sm">
                {carrierName ? `${carrierName} label` : 'Shipping label'} for order <b>{order.id}</b> ·{' '}
                {units} {units === 1 ? 'item' : 'items'}
                {order.order_weight ? ` · ${order.order_weight} lbs` : ''}
              </Text>
            </Group>
            {failure && (
              <Alert color="red" variant="light" role="alert" title="The label was not created">
                {failure}
              </Alert>
            )}
            {boxes.map((box, i) => (
              <Paper
                // biome-ignore lint/suspicious/noArrayIndexKey: boxes are positional (Box 1, Box 2, …)
                key={i}
                withBorder
                p="sm"
                radius="md"
                component="fieldset"
                aria-label={`Box ${i + 1}`}
                style={{ margin: 0 }}
              >
                <Group justify="space-between" mb={4}>
                  <Text fw={600} fz="sm" component="legend" style={{ padding: 0 }}>
                    Box {i + 1}
                  </Text>
                  {i > 0 && (
                    <CloseButton
                      size="sm"
                      aria-label={`Remove box ${i + 1}`}
                      onClick={() => setBoxCount(boxes.length - 1)}
                      disabled={purchase.isPending}
                    />
                  )}
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <NumberInput
                    label="Weight"
                    rightSection={
                      <Text fz="xs" c="dimmed" pr={8}>
                        lbs
                      </Text>
                    }
                    rightSectionWidth={40}
                    value={box.weight}
                    onChange={(v) => update(i, { weight: String(v) })}
                    error={errors[i]?.weight}
                    decimalScale={2}
                    min={0}
                    hideControls
                    description="Pounds, up to 999,999"
                    required
                    allowNegative={false}
                  />
                  <NumberInput
                    label="Declared value"
                    description={DECLARED_VALUE_LIMIT_TEXT}
                    leftSection="$"
                    value={box.insurance}
                    onChange={(v) => update(i, { insurance: String(v) })}
                    error={errors[i]?.insurance}
                    decimalScale={2}
                    thousandSeparator=","
                    hideControls
                  />
                </SimpleGrid>
              </Paper>
            ))}
            {canAdd && (
              <Button
                variant="subtle"
                leftSection={<IconPlus size={14} />}
                onClick={() => setBoxCount(boxes.length + 1)}
                disabled={purchase.isPending}
                style={{ alignSelf: 'flex-start' }}
              >
                Add another box
              </Button>
            )}
            <Text fz="xs" c="dimmed">
              To adjust the label size or format, go to{' '}
              <Anchor component={Link} to="/settings/carrier" fz="xs" underline="always" onClick={onClose}>
                Carrier settings
              </Anchor>
              .
            </Text>
            {/* Opens on Cancel: buying a label charges the store, so Enter alone never buys one. */}
            <DialogActions onCancel={onClose} focusCancel cancelDisabled={purchase.isPending} mt="xs">
              <Button
                type="submit"
                loading={purchase.isPending}
                disabled={purchase.isPending || !merchant.isSuccess}
              >
                Create Shipping Label
              </Button>
            </DialogActions>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}
