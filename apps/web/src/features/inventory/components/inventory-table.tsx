import { Anchor, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Offering } from '@mc/api';
import {
  formatInventoryPrice,
  inventoryIssueEmail,
  inventoryQuantityText,
  isAtDistributor,
  isCompleteOffering,
  MSG,
} from '@mc/domain';
import { IconCheck, IconMail } from '@tabler/icons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { SUPPORT_EMAIL } from '../../../lib/brand.ts';
import classes from '../inventory.module.css';

const COLUMNS = [
  'Brand',
  'Product Name',
  'Container Size',
  'Price',
  'QTY',
  'Active',
  'Submit Issue',
] as const;
/** Every row has the same height (one-line names, fixed cell height), so rows are never measured. */
const ROW_HEIGHT = 58;
/** A phone stacks each row's cells (docs/decisions/0094): the same fixed height, taller (inventory.module.css). */
const STACKED_ROW_HEIGHT = 112;
const STACKED_QUERY = '(max-width: 35.9375em)';

function issueMailto(merchantName: string, merchantId: string, tpk: string): string {
  const { subject, body } = inventoryIssueEmail({ merchantName, merchantId, tpk });
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

const Row = memo(function Row({
  item,
  merchantName,
  merchantId,
}: {
  item: Offering;
  merchantName: string;
  merchantId: string;
}) {
  if (!isCompleteOffering(item) || !item.product?.product_line || !item.product.container_size) {
    return (
      <td colSpan={COLUMNS.length} className={classes.emptyRow}>
        {MSG.NO_ORDERS_FOR_CRITERIA}
      </td>
    );
  }
  const { product } = item;
  const line = product.product_line!;
  const atDistributor = isAtDistributor(item.stock_behavior);
  return (
    <>
      <td className={classes.brand}>{line.brand.name}</td>
      <td className={classes.product}>
        <Text fz="sm" fw={600} lineClamp={1}>
          {line.name}
        </Text>
        <Text fz="xs" c="gray.7">
          TPK: {product.tpk}
        </Text>
      </td>
      <td className={classes.size}>{product.container_size!.formatted}</td>
      <td className={`${classes.num} ${classes.price}`} data-label="Price">
        {formatInventoryPrice(item.price)}
      </td>
      <td className={`${classes.num} ${classes.qty}`} data-label="QTY">
        {atDistributor ? (
          <Text span fz="xs" fw={700} c="grape.8" className={classes.distributor}>
            {inventoryQuantityText(item)}
          </Text>
        ) : (
          inventoryQuantityText(item)
        )}
      </td>
      <td className={classes.active}>
        <ThemeIcon
          size={26}
          radius="xl"
          variant={item.is_active ? 'filled' : 'light'}
          color={item.is_active ? 'teal' : 'gray'}
          aria-label={item.is_active ? 'Active' : 'Inactive'}
          role="img"
        >
          <IconCheck size={16} stroke={item.is_active ? 3 : 2} />
        </ThemeIcon>
      </td>
      <td className={classes.issueCell}>
        <Anchor
          href={issueMailto(merchantName, merchantId, product.tpk)}
          fz="sm"
          className={classes.issue}
          aria-label={`Submit Issue for ${line.name} (TPK ${product.tpk})`}
        >
          <IconMail size={16} aria-hidden="true" />
          <span className={classes.issueText}>Submit Issue</span>
        </Anchor>
      </td>
    </>
  );
});

/** The inventory table: rows are virtualised against the window, so 10,000 items scroll smoothly. */
export function InventoryTable({
  items,
  merchantName,
  merchantId,
}: {
  items: readonly Offering[];
  merchantName: string;
  merchantId: string;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [offset, setOffset] = useState(0);
  const stacked = useMediaQuery(STACKED_QUERY, false, { getInitialValueInEffect: false });
  const rowHeight = stacked ? STACKED_ROW_HEIGHT : ROW_HEIGHT;
  useLayoutEffect(() => {
    setOffset(bodyRef.current ? bodyRef.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => rowHeight,
    overscan: 12,
    scrollMargin: offset,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the row height changes
  useLayoutEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows[rows.length - 1];
  const padTop = first ? first.start - offset : 0;
  const padBottom = last ? virtualizer.getTotalSize() - (last.end - offset) : 0;

  return (
    <div className={classes.scroll}>
      <table className={classes.table} aria-rowcount={items.length + 1}>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className={c === 'Price' || c === 'QTY' ? classes.num : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={bodyRef}>
          {items.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className={classes.emptyRow}>
                {MSG.NO_ORDERS_FOR_CRITERIA}
              </td>
            </tr>
          ) : null}
          {padTop > 0 ? (
            <tr className={classes.spacer}>
              <td colSpan={COLUMNS.length} style={{ height: padTop, padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {rows.map((v) => {
            const item = items[v.index]!;
            return (
              <tr key={`${item.offering_id}`} data-index={v.index} aria-rowindex={v.index + 2}>
                <Row item={item} merchantName={merchantName} merchantId={merchantId} />
              </tr>
            );
          })}
          {padBottom > 0 ? (
            <tr className={classes.spacer}>
              <td colSpan={COLUMNS.length} style={{ height: padBottom, padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
