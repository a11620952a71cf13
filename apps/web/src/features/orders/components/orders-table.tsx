import { Group, Paper, Stack } from '@mantine/core';
import type { OrderListItem } from '@mc/api';
import {
  deliveryMethodLabel,
  formatOrderDate,
  formatShortDate,
  formatTime,
  formatUsd,
  listColumns,
  type OrderTab,
  type SortDirection,
  statusBadge,
  statusCommentText,
} from '@mc/domain';
import type { KeyboardEvent, ReactNode } from 'react';
import type { ReviewIntent } from '../../../lib/review-link.ts';
import classes from '../orders.module.css';
import { badgeBackground } from './badge-colors.ts';
import { BrandsFilter } from './brands-filter.tsx';
import { CreatedSort } from './created-sort.tsx';
import { MethodFilter } from './method-filter.tsx';
import { hasMarks, OrderIdMarks } from './order-id-cell.tsx';
import { OrderRowActions } from './order-row-actions.tsx';
import { SlaBadge } from './sla-badge.tsx';
import { hasStatusFilter, StatusFilter } from './status-filter.tsx';

interface ListControls {
  sort: SortDirection;
  onSort: (s: SortDirection) => void;
  method: string | null;
  onMethod: (m: string | null) => void;
  methods: string[];
  brands: string[];
  onBrands: (b: string[]) => void;
  brandOptions: { value: string; label: string }[];
  status: string | null;
  onStatus: (s: string | null) => void;
}

export interface OrdersTableProps {
  tab: OrderTab;
  orders: OrderListItem[];
  timezone: string;
  newIds: ReadonlySet<string>;
  onOpen: (order: OrderListItem, intent?: ReviewIntent) => void;
  controls: ListControls;
  loading: boolean;
  /** Shown instead of rows when there are none. */
  empty: ReactNode;
  isDesktop: boolean;
  /** Bulk selection (active tab only): the header checkbox and one per row. */
  selectAll?: ReactNode;
  rowSelect?: (order: OrderListItem) => ReactNode;
  /** The row `j`/`k` highlighted (aria-current, a tint and a bar), and where a focused row reports itself. */
  highlightedId?: string | null;
  onRowFocus?: (orderId: string) => void;
}

function StatusBadge({ status, printed }: { status: string; printed: string | null }) {
  const { label, color } = statusBadge(status, printed);
  // A light badge: dark text on the group's tint (Mantine's shade-6 text is under 4.5:1 on it).
  return (
    <span className={classes.badge} style={{ background: badgeBackground(color, 'light') }}>
      {label}
    </span>
  );
}

const openOnKey = (order: OrderListItem, onOpen: (o: OrderListItem) => void) => (e: KeyboardEvent) => {
  if (e.target !== e.currentTarget) return;
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    onOpen(order);
  }
};

/** The attributes every row and card share: the id, the new flag, the highlight and opening. */
function rowProps(o: OrderListItem, p: OrdersTableProps) {
  const highlighted = p.highlightedId === o.id;
  return {
    'data-new': p.newIds.has(o.id) || undefined,
    'data-order-id': o.id,
    'data-highlighted': highlighted || undefined,
    'aria-current': highlighted ? ('true' as const) : undefined,
    tabIndex: 0,
    onClick: () => p.onOpen(o),
    onKeyDown: openOnKey(o, p.onOpen),
    onFocus: () => p.onRowFocus?.(o.id),
    'aria-label': `Order ${o.id}, ${recipientOf(o)}`,
  };
}

const recipientOf = (o: OrderListItem) => `${o.recipient.first_name} ${o.recipient.last_name}`.trim();
const brandOf = (o: OrderListItem) => o.application_brand_name || o.application_name;

export function OrdersTable(props: OrdersTableProps) {
  return props.isDesktop ? <DesktopTable {...props} /> : <MobileList {...props} />;
}

function DesktopTable(props: OrdersTableProps) {
  const {
    tab,
    orders,
    timezone,
    newIds,
    onOpen,
    controls,
    loading,
    empty,
    selectAll,
    rowSelect: offeredRowSelect,
  } = props;
  const cols = listColumns(tab);
  const rowSelect = cols.bulkCheckbox ? offeredRowSelect : undefined;
  const colCount =
    7 +
    Number(cols.status) +
    Number(cols.onTrack) +
    Number(cols.comment) +
    Number(cols.rowActions) +
    Number(Boolean(rowSelect));
  // A plain table styled by the module with Mantine's table look (its spacing, row borders and hover):
  // Mantine's Table brought its ScrollArea along for Table.ScrollContainer, ~4.8 KB gzip on the first
  // screen; the sideways scroll is the browser's own (docs/decisions/0158).
  return (
    <div className={classes.tableScroll}>
      <table className={classes.table} aria-label={`Orders: ${tab}`}>
        <thead>
          <tr>
            {rowSelect ? <th className={classes.selectCell}>{selectAll}</th> : null}
            <th>ORDER ID</th>
            <th>RECIPIENT</th>
            <th
              aria-sort={
                controls.sort === 'asc' ? 'ascending' : controls.sort === 'desc' ? 'descending' : 'none'
              }
            >
              <CreatedSort value={controls.sort} onChange={controls.onSort} />
            </th>
            {cols.status ? (
              <th>
                {hasStatusFilter(tab) ? (
                  <StatusFilter tab={tab} value={controls.status} onChange={controls.onStatus} />
                ) : (
                  'STATUS'
                )}
              </th>
            ) : null}
            {cols.onTrack ? <th>ON TRACK</th> : null}
            {cols.comment ? <th>COMMENT</th> : null}
            <th>
              <MethodFilter methods={controls.methods} value={controls.method} onChange={controls.onMethod} />
            </th>
            <th>
              <BrandsFilter
                brands={controls.brandOptions}
                value={controls.brands}
                onChange={controls.onBrands}
              />
            </th>
            <th className={classes.numCell}>ITEMS</th>
            <th className={classes.numCell}>TOTAL</th>
            {cols.rowActions ? (
              <th className={classes.actionsCell}>
                <span className={classes.visuallyHidden}>Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {loading
            ? Array.from({ length: 8 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton rows
                <tr key={i} data-testid="order-skeleton">
                  {Array.from({ length: colCount }, (_, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton cells
                    <td key={j}>
                      <span className={classes.skeletonLine} />
                    </td>
                  ))}
                </tr>
              ))
            : null}
          {!loading && orders.length === 0 ? (
            <tr>
              <td colSpan={colCount}>{empty}</td>
            </tr>
          ) : null}
          {orders.map((o) => (
            // One plain row of plain cells (Mantine's Table.Tr/Td per cell cost 330 components for 30 rows).
            <tr key={o.id} className={classes.row} {...rowProps(o, props)}>
              {rowSelect ? <td>{rowSelect(o)}</td> : null}
              {/*
                An id with marks: a cell that wraps them below the id when the column is narrow, the id in a
                span that does not break at its dashes; without, the id alone.
              */}
              <td className={classes.idCell} data-marks={hasMarks(o, newIds.has(o.id)) || undefined}>
                {hasMarks(o, newIds.has(o.id)) ? <span className={classes.idText}>{o.id}</span> : o.id}
                <OrderIdMarks order={o} isNew={newIds.has(o.id)} />
              </td>
              <td>{recipientOf(o)}</td>
              {/* date over time (the same text as formatOrderDate) in one cell: its first line drawn larger */}
              <td className={classes.dateCell}>
                {`${formatShortDate(o.date_submitted, timezone)}\n${formatTime(o.date_submitted, timezone)}`}
              </td>
              {cols.status ? (
                <td>
                  <StatusBadge status={o.status} printed={o.printed_timestamp} />
                </td>
              ) : null}
              {cols.onTrack ? (
                <td>
                  <SlaBadge status={o.on_track_status} />
                </td>
              ) : null}
              {cols.comment ? <td>{statusCommentText(o.status_recent_comment)}</td> : null}
              <td>
                {deliveryMethodLabel({
                  method: o.delivery.method,
                  courier_estimate_id: o.courier_estimate_id,
                })}
              </td>
              <td>{brandOf(o)}</td>
              <td className={classes.numCell}>{o.item_quantity}</td>
              <td className={classes.numCell}>{formatUsd(o.transaction.total)}</td>
              {cols.rowActions ? (
                <td className={classes.actionsCell}>
                  <OrderRowActions order={o} tab={tab} onOpen={onOpen} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The spec's mobile layout (≤ 1100 px): the filters above, one card per order. */
function MobileList(props: OrdersTableProps) {
  const {
    tab,
    orders,
    timezone,
    newIds,
    onOpen,
    controls,
    loading,
    empty,
    selectAll,
    rowSelect: offeredRowSelect,
  } = props;
  const cols = listColumns(tab);
  const rowSelect = cols.bulkCheckbox ? offeredRowSelect : undefined;
  return (
    <Stack gap="sm">
      <Group gap="xs" className={classes.mobileControls} role="toolbar" aria-label="Sort and filter">
        <CreatedSort value={controls.sort} onChange={controls.onSort} />
        {cols.status && hasStatusFilter(tab) ? (
          <StatusFilter tab={tab} value={controls.status} onChange={controls.onStatus} />
        ) : null}
        <MethodFilter methods={controls.methods} value={controls.method} onChange={controls.onMethod} />
        <BrandsFilter brands={controls.brandOptions} value={controls.brands} onChange={controls.onBrands} />
        {rowSelect ? selectAll : null}
      </Group>
      {loading
        ? Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeletons
            <div key={i} className={classes.skeletonCard} data-testid="order-skeleton" />
          ))
        : null}
      {!loading && orders.length === 0 ? <Paper withBorder>{empty}</Paper> : null}
      <ul className={classes.cards} aria-label={`Orders: ${tab}`}>
        {orders.map((o) => (
          <li key={o.id}>
            {/*
              One grid of plain elements: the checkbox, the id with its marks and the total on top, then the
              recipient, a line of details, and the badges with the actions.
            */}
            <div className={classes.card} {...rowProps(o, props)}>
              {rowSelect ? rowSelect(o) : null}
              <span className={classes.cardId}>
                <span className={classes.cardIdText}>{o.id}</span>
                <OrderIdMarks order={o} isNew={newIds.has(o.id)} />
              </span>
              <span className={classes.cardTotal}>{formatUsd(o.transaction.total)}</span>
              <span className={classes.cardLine}>{recipientOf(o)}</span>
              <span className={classes.cardMeta}>
                {formatOrderDate(o.date_submitted, timezone)} ·{' '}
                {deliveryMethodLabel({
                  method: o.delivery.method,
                  courier_estimate_id: o.courier_estimate_id,
                })}{' '}
                · {brandOf(o)} · {o.item_quantity} {o.item_quantity === 1 ? 'item' : 'items'}
              </span>
              <span className={classes.cardFoot}>
                {cols.status ? <StatusBadge status={o.status} printed={o.printed_timestamp} /> : null}
                {cols.onTrack ? <SlaBadge status={o.on_track_status} /> : null}
                {cols.comment ? (
                  <span className={classes.cardComment}>
                    <b>COMMENT:</b> {statusCommentText(o.status_recent_comment)}
                  </span>
                ) : null}
                <OrderRowActions order={o} tab={tab} onOpen={onOpen} />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
