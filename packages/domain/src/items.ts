/**
 * Order item maths: quantities, engraving lines, container sizes, presale rule.
 */
import { TZDate } from '@date-fns/tz';
import { roundMoney } from './money.ts';
import { parseIsoDate } from './validation.ts';

export interface ContainerSizeLike {
  formatted?: string | null;
  size?: number | string | null;
  value?: number | string | null;
  amount?: number | string | null;
  unit?: string | null;
  uom?: string | null;
}

export interface OrderItemLike {
  id: string | number;
  name?: string | null;
  quantity: number;
  price: number;
  parent_line_item_id?: string | number | null;
  product?: { id?: string | number | null; container_size?: ContainerSizeLike | string | null } | null;
  offering?: { id?: string | number | null; stock_behavior?: string | null } | null;
  aux_data?: {
    engraving_message?: readonly string[] | string | null;
    preorder_type?: string | null;
    preorder_available_date?: string | null;
  } | null;
}

/** 'NextDay' stock behaviour: held at the distributor. */
export const AT_DISTRIBUTOR_STOCK_BEHAVIOR = 'NextDay';
export const AT_DISTRIBUTOR_INVENTORY_LABEL = 'AT DISTRIBUTOR';
export const PRESALE_MESSAGE = 'PRESALE ORDER: NOT READY TO SHIP';
export const PRESALE_THRESHOLD_DAYS = 10;

/** An engraving child line: it points at its product line, or is named 'engraving'. */
export function isEngravingItem(item: Pick<OrderItemLike, 'name' | 'parent_line_item_id'>): boolean {
  return (
    (item.parent_line_item_id !== null &&
      item.parent_line_item_id !== undefined &&
      item.parent_line_item_id !== '') ||
    item.name?.trim().toLowerCase() === 'engraving'
  );
}

/** ITEMS column: the sum of quantities, engraving child lines excluded. */
export function totalQuantity(items: readonly OrderItemLike[]): number {
  return items.reduce((sum, it) => (isEngravingItem(it) ? sum : sum + (Number(it.quantity) || 0)), 0);
}

export interface EngravingGroup {
  /** The engraving text, one entry per line. */
  message: string[];
  quantity: number;
  unitPrice: number;
  /** unit price × quantity, summed over lines with this message. */
  fee: number;
}

export interface ItemWithEngravings<T extends OrderItemLike> {
  item: T;
  engravings: EngravingGroup[];
}

function engravingLines(item: OrderItemLike): string[] {
  const m = item.aux_data?.engraving_message;
  if (!m) return [];
  return (Array.isArray(m) ? m : [m as string]).map((s) => String(s).trim()).filter(Boolean);
}

/**
 * Attaches engraving child lines to their product lines (by parent_line_item_id), grouped by identical
 * message. Children whose parent is missing are kept as top-level lines.
 */
export function groupEngraving<T extends OrderItemLike>(items: readonly T[]): ItemWithEngravings<T>[] {
  const parents = items.filter((it) => !isEngravingItem(it) || !hasParent(items, it));
  const byParent = new Map<string, ItemWithEngravings<T>>();
  const out = parents.map((item) => {
    const entry: ItemWithEngravings<T> = { item, engravings: [] };
    byParent.set(String(item.id), entry);
    return entry;
  });
  for (const child of items) {
    if (!isEngravingItem(child) || !hasParent(items, child)) continue;
    const entry = byParent.get(String(child.parent_line_item_id));
    if (!entry) continue;
    const message = engravingLines(child);
    const key = message.join('\n');
    const qty = Number(child.quantity) || 0;
    const group = entry.engravings.find((g) => g.message.join('\n') === key && g.unitPrice === child.price);
    if (group) {
      group.quantity += qty;
      group.fee = roundMoney(group.fee + child.price * qty);
    } else {
      entry.engravings.push({
        message,
        quantity: qty,
        unitPrice: child.price,
        fee: roundMoney(child.price * qty),
      });
    }
  }
  return out;
}

function hasParent(items: readonly OrderItemLike[], child: OrderItemLike): boolean {
  const pid = child.parent_line_item_id;
  if (pid === null || pid === undefined || pid === '') return false;
  return items.some((it) => String(it.id) === String(pid) && it !== child);
}

const ML_UNITS = new Set(['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres']);
const OZ_UNITS = new Set(['oz', 'floz', 'fl oz', 'fl. oz', 'fl.oz', 'ounce', 'ounces']);
const ML_PER_OZ = 29.5735;

/** Parses a container size into millilitres. '750 ml' → 750; '1.75 L' → 1750; object forms too. */
export function containerSizeMl(size: ContainerSizeLike | string | null | undefined): number | null {
  if (size === null || size === undefined) return null;
  let amount: number;
  let unit: string;
  if (typeof size === 'string' || (size.size ?? size.value ?? size.amount) == null) {
    const text = typeof size === 'string' ? size : (size.formatted ?? '');
    const m = /([\d.]+)\s*([a-zA-Z. ]*)/.exec(text.trim());
    if (!m) return null;
    amount = Number(m[1]);
    unit = (m[2] ?? '').trim();
  } else {
    amount = Number(size.size ?? size.value ?? size.amount);
    unit = (size.unit ?? size.uom ?? '').trim();
  }
  if (!Number.isFinite(amount)) return null;
  const u = unit.toLowerCase();
  if (ML_UNITS.has(u)) return amount;
  if (OZ_UNITS.has(u)) return amount * ML_PER_OZ;
  // Spec: values are multiplied by 1000 when the unit is not ml (litres).
  return amount * 1000;
}

/** Total container volume of the order in mL (product lines only, × quantity). */
export function containerSizeTotalMl(items: readonly OrderItemLike[]): number {
  let total = 0;
  for (const it of items) {
    if (isEngravingItem(it)) continue;
    const ml = containerSizeMl(it.product?.container_size);
    if (ml !== null) total += ml * (Number(it.quantity) || 0);
  }
  return Math.round(total * 100) / 100;
}

/** '750 mL'; over 1000 mL in litres with 2 decimals: '1.75 L'. */
export function formatContainerTotal(ml: number): string {
  if (ml > 1000) return `${(ml / 1000).toFixed(2)} L`;
  return `${Math.round(ml * 100) / 100} mL`;
}

/** Whole days from `now`'s calendar day (in tz, default UTC) to a 'YYYY-MM-DD' date. */
export function daysUntil(isoDate: string, now: Date, tz?: string | null): number | null {
  const target = parseIsoDate(isoDate.slice(0, 10));
  if (!target) return null;
  const local = tz ? new TZDate(now.getTime(), tz) : null;
  const today = local
    ? Date.UTC(local.getFullYear(), local.getMonth(), local.getDate())
    : Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((target.getTime() - today) / 86_400_000);
}

/** Presale not ready: any item's preorder_available_date is more than 10 days ahead. */
export function isPresaleNotReady(items: readonly OrderItemLike[], now: Date, tz?: string | null): boolean {
  return items.some((it) => {
    const d = it.aux_data?.preorder_available_date;
    if (!d) return false;
    const days = daysUntil(d, now, tz);
    return days !== null && days > PRESALE_THRESHOLD_DAYS;
  });
}

/** The latest preorder availability date among the items ('YYYY-MM-DD'), or null. */
export function latestPreorderDate(items: readonly OrderItemLike[]): string | null {
  let latest: string | null = null;
  for (const it of items) {
    const d = it.aux_data?.preorder_available_date?.slice(0, 10);
    if (d && parseIsoDate(d) && (latest === null || d > latest)) latest = d;
  }
  return latest;
}

export function isAtDistributor(stockBehavior: string | null | undefined): boolean {
  return stockBehavior === AT_DISTRIBUTOR_STOCK_BEHAVIOR;
}

/** Item image URL from image_spec with its {dims} placeholder. */
export function itemImageUrl(imageSpec: string | null | undefined, dims = '200x200'): string | null {
  return imageSpec ? imageSpec.replace(/\{dims\}/g, dims) : null;
}
