import { Badge, Button, Group, Image, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { OrderDetail, OrderDetailItem } from '@mc/api';
import {
  AT_DISTRIBUTOR_LABEL,
  containerSizeTotalMl,
  formatContainerTotal,
  formatShortDate,
  formatUsd,
  groupEngraving,
  ITEM_REASON_LABELS,
  isAtDistributor,
  itemImageUrl,
  itemOptionsState,
  itemStatusLabel,
  type OrderStatus,
} from '@mc/domain';
import { IconChevronLeft, IconChevronRight, IconPhoto } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/dialog.tsx';
import classes from '../order-detail.module.css';

export interface ItemTableProps {
  order: OrderDetail;
  /** Inside the Accept & Confirm dialog the options column is never shown. */
  inAcceptDialog?: boolean;
  onItemProblem?: (item: OrderDetailItem, reason: 'outOfStock' | 'wrongPrice') => void;
}

/**
 * The item table: image, product (with engraving groups, presale date, at-distributor mark),
 * qty, price, total (only when the order total is above 0) and options (where the domain shows them:
 * enabled where the status can save them, otherwise disabled with the reason).
 * Container sizes are summed in mL, shown in litres above 1000 mL.
 */
export function ItemTable({ order, inAcceptDialog, onItemProblem }: ItemTableProps) {
  const [preview, setPreview] = useState<number | null>(null);
  const groups = groupEngraving(order.items);
  const showTotal = order.transaction.total > 0;
  const options = itemOptionsState(order.status as OrderStatus, { inAcceptDialog });
  const showOptions = Boolean(onItemProblem) && options.shown;
  const reasonId = useId();
  const images = groups.map((g) => itemImageUrl(g.item.image_spec, '400x400'));
  const volume = containerSizeTotalMl(order.items);

  return (
    <>
      {/* Wide: a table that scrolls sideways under 520 px (the keyboard can scroll it too: axe
          scrollable-region-focusable); a phone (≤ 575 px) stacks each item instead. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className={classes.itemScroll} tabIndex={0} aria-label="Items table">
        <Table verticalSpacing="sm" aria-label="Items" className={classes.itemTable}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={72}>
                <span className={classes.srOnly}>Image</span>
              </Table.Th>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              {showTotal && <Table.Th ta="right">Total</Table.Th>}
              {showOptions && <Table.Th ta="right">Options</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map(({ item, engravings }, index) => {
              const img = itemImageUrl(item.image_spec, '120x120');
              const preorder = item.aux_data.preorder_available_date as string | undefined;
              const flags = item.status_list;
              return (
                <Table.Tr key={item.id}>
                  <Table.Td className={classes.itemImage}>
                    {img ? (
                      <UnstyledButton
                        onClick={() => setPreview(index)}
                        aria-label={`View image of ${item.name}`}
                        className={classes.thumb}
                      >
                        <Image src={img} alt="" w={56} h={56} fit="contain" />
                      </UnstyledButton>
                    ) : (
                      <div className={classes.thumb} aria-hidden="true">
                        <IconPhoto size={24} color="var(--mantine-color-gray-5)" />
                      </div>
                    )}
                  </Table.Td>
                  <Table.Td className={classes.itemProduct}>
                    <Text fw={600} fz="sm">
                      {item.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {[
                        item.product.container_size?.formatted,
                        item.offering.merchant_sku && `SKU ${item.offering.merchant_sku}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    {isAtDistributor(item.offering.stock_behavior) && (
                      <Badge size="xs" variant="light" color="grape" mt={4}>
                        {AT_DISTRIBUTOR_LABEL}
                      </Badge>
                    )}
                    {/* Mantine's orange.8 on white is 3.6:1 and orange.9 4.3:1: a darker orange reads 5.5:1. */}
                    {preorder && (
                      <Text fz="xs" c="#b34700" mt={2}>
                        Estimated availability: {formatShortDate(`${preorder}T12:00:00Z`, 'UTC')}
                      </Text>
                    )}
                    {flags.map((f) => (
                      <Badge key={f} size="xs" color="red" variant="light" mt={4} mr={4}>
                        {itemStatusLabel(f)}
                      </Badge>
                    ))}
                    {engravings.map((g) => (
                      <div key={`${g.message.join('|')}-${g.unitPrice}`} className={classes.engraving}>
                        <Text fz="xs" fw={600}>
                          Engraving ({g.quantity} × {formatUsd(g.unitPrice)} = {formatUsd(g.fee)})
                        </Text>
                        {g.message.map((line) => (
                          <Text key={line} fz="xs" fs="italic">
                            “{line}”
                          </Text>
                        ))}
                      </div>
                    ))}
                  </Table.Td>
                  <Table.Td ta="right" data-label="Qty">
                    {item.quantity}
                  </Table.Td>
                  <Table.Td ta="right" data-label="Price">
                    {formatUsd(item.price)}
                  </Table.Td>
                  {showTotal && (
                    <Table.Td ta="right" data-label="Total">
                      {formatUsd(item.subtotal + engravings.reduce((s, g) => s + g.fee, 0))}
                    </Table.Td>
                  )}
                  {showOptions && (
                    <Table.Td ta="right" className={classes.itemOptions}>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ItemOptionButton
                          label={ITEM_REASON_LABELS.outOfStock}
                          ariaLabel={`Out of stock: ${item.name}`}
                          reason={options.reason}
                          reasonId={reasonId}
                          onClick={() => onItemProblem?.(item, 'outOfStock')}
                        />
                        <ItemOptionButton
                          label={ITEM_REASON_LABELS.wrongPrice}
                          ariaLabel={`Wrong Price: ${item.name}`}
                          reason={options.reason}
                          reasonId={reasonId}
                          onClick={() => onItemProblem?.(item, 'wrongPrice')}
                        />
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </section>
      {showOptions && options.reason && (
        <Text id={reasonId} fz="xs" c="dimmed" ta="right" mt="xs">
          {options.reason}
        </Text>
      )}
      {volume > 0 && (
        <Text fz="sm" c="dimmed" ta="right" mt="xs">
          Total volume: {formatContainerTotal(volume)}
        </Text>
      )}
      <ImagePreviewer
        images={images}
        names={groups.map((g) => g.item.name)}
        index={preview}
        onIndex={setPreview}
      />
    </>
  );
}

/**
 * One item option. Where the order's status cannot save it, it stays visible but disabled: it keeps its
 * focus (aria-disabled rather than disabled) so the tooltip and the described-by reason reach keyboard and
 * screen-reader users, and a click does nothing.
 */
function ItemOptionButton({
  label,
  ariaLabel,
  reason,
  reasonId,
  onClick,
}: {
  label: string;
  ariaLabel: string;
  reason: string | null;
  reasonId: string;
  onClick: () => void;
}) {
  if (!reason) {
    return (
      <Button size="compact-xs" variant="default" onClick={onClick} aria-label={ariaLabel}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip label={reason} withArrow multiline maw={260}>
      <Button
        size="compact-xs"
        variant="default"
        data-disabled
        aria-disabled="true"
        aria-describedby={reasonId}
        onClick={(e) => e.preventDefault()}
        aria-label={ariaLabel}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/** The image previewer: previous, next and 'Go Back'. */
function ImagePreviewer({
  images,
  names,
  index,
  onIndex,
}: {
  images: (string | null)[];
  names: string[];
  index: number | null;
  onIndex: (i: number | null) => void;
}) {
  const withImage = images
    .map((src, i) => ({ src, i }))
    .filter((x): x is { src: string; i: number } => Boolean(x.src));
  const pos = withImage.findIndex((x) => x.i === index);
  const current = pos >= 0 ? withImage[pos] : undefined;
  const go = (delta: number) => {
    const next = withImage[(pos + delta + withImage.length) % withImage.length];
    if (next) onIndex(next.i);
  };
  return (
    <Dialog
      opened={index !== null && Boolean(current)}
      onClose={() => onIndex(null)}
      title={current ? names[current.i] : ''}
      size="lg"
    >
      {current && (
        <Stack align="center">
          <Image src={current.src} alt={names[current.i] ?? ''} mah={420} fit="contain" />
          <Group justify="space-between" w="100%">
            <Button
              variant="default"
              leftSection={<IconChevronLeft size={16} />}
              onClick={() => go(-1)}
              disabled={withImage.length < 2}
            >
              Previous
            </Button>
            <Button variant="subtle" onClick={() => onIndex(null)}>
              Go Back
            </Button>
            <Button
              variant="default"
              rightSection={<IconChevronRight size={16} />}
              onClick={() => go(1)}
              disabled={withImage.length < 2}
            >
              Next
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
