import { Button, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { OrderDetailItem } from '@mc/api';
import {
  DEFAULT_OUT_OF_STOCK_CHOICE,
  itemProblemMessage,
  MAX_LENGTH,
  MSG,
  OUT_OF_STOCK_CHOICES,
  OUT_OF_STOCK_TEXTS,
  type OutOfStockChoice,
  partialRejectionItems,
  wrongPriceSchema,
} from '@mc/domain';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../../components/dialog.tsx';
import { DialogActions } from '../../../../components/dialog-actions.tsx';
import type { DialogProps } from './dialog-props.ts';

type ItemDialogProps = Omit<DialogProps, 'opened'> & { item: OrderDetailItem | null };

function entry(item: OrderDetailItem, reason: 'outOfStock' | 'wrongPrice') {
  // The spec identifies items by offering; lines without an offering go by their own id.
  const [row] = partialRejectionItems([{ offering_id: item.offering.id ?? item.id, reason }]);
  return item.offering.id ? row! : { id: item.id, statuslist: row!.statuslist };
}

/** Out of Stock: the 48 hrs text preselected, the 4-day text, or removal; the order goes on hold. */
export function OutOfStockDialog({ item, onClose, actions }: ItemDialogProps) {
  const [choice, setChoice] = useState<OutOfStockChoice>(DEFAULT_OUT_OF_STOCK_CHOICE);
  useEffect(() => {
    if (item) setChoice(DEFAULT_OUT_OF_STOCK_CHOICE);
  }, [item]);
  async function handleSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!item) return;
    const res = await actions.run(
      {
        kind: 'status',
        body: {
          status: 'REJECTED_PARTIAL',
          items: [entry(item, 'outOfStock')],
          rejection_message: itemProblemMessage({ item_id: item.id, reason: 'outOfStock', choice }),
        },
      },
      { expect: 'REJECTED_PARTIAL', success: MSG.ORDER_UPDATED, failure: MSG.ORDER_REJECT_FAILED },
    );
    if (res.ok) onClose();
  }
  return (
    <Dialog opened={Boolean(item)} onClose={onClose} title="Out of Stock">
      <form onSubmit={handleSubmit}>
        <Stack>
          <Text fz="sm" fw={600}>
            {item?.name}
          </Text>
          <Radio.Group
            label="What can you offer the customer?"
            value={choice}
            onChange={(v) => setChoice(v as OutOfStockChoice)}
          >
            <Stack gap="xs" mt="xs">
              {OUT_OF_STOCK_CHOICES.map((c) => (
                <Radio key={c} value={c} label={OUT_OF_STOCK_TEXTS[c]} />
              ))}
            </Stack>
          </Radio.Group>
          <ItemProblemActions onClose={onClose} submitting={actions.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}

/** Wrong Price: the adjusted price with a $ prefix; the order goes on hold. */
export function WrongPriceDialog({ item, onClose, actions }: ItemDialogProps) {
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (item) {
      setPrice('');
      setError(null);
    }
  }, [item]);
  async function handleSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!item) return;
    const parsed = wrongPriceSchema(item.price).safeParse({ item_id: item.id, price });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const res = await actions.run(
      {
        kind: 'status',
        body: {
          status: 'REJECTED_PARTIAL',
          items: [entry(item, 'wrongPrice')],
          rejection_message: itemProblemMessage({
            item_id: item.id,
            reason: 'wrongPrice',
            price: parsed.data.price,
          }),
        },
      },
      { expect: 'REJECTED_PARTIAL', success: MSG.ORDER_UPDATED, failure: MSG.ORDER_REJECT_FAILED },
    );
    if (res.ok) onClose();
    else setError(Object.entries(res.fieldErrors).find(([k]) => k.endsWith('.price'))?.[1] ?? null);
  }
  return (
    <Dialog opened={Boolean(item)} onClose={onClose} title="Wrong Price">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Text fz="sm">
            <b>{item?.name}</b> is listed at ${item?.price.toFixed(2)}.
          </Text>
          <TextInput
            label="Correct price"
            maxLength={MAX_LENGTH.short}
            leftSection="$"
            inputMode="decimal"
            value={price}
            onChange={(e) => {
              setPrice(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <ItemProblemActions onClose={onClose} submitting={actions.isPending} />
        </Stack>
      </form>
    </Dialog>
  );
}

/** Cancel and the orange Submit that end both item problem dialogs. */
function ItemProblemActions({ onClose, submitting }: { onClose: () => void; submitting: boolean }) {
  return (
    <DialogActions onCancel={onClose}>
      {/* Mantine's orange under white text is 3.6:1; the lighter orange takes black text (8:1). */}
      <Button type="submit" color="orange.6" c="black" loading={submitting}>
        Submit
      </Button>
    </DialogActions>
  );
}
