/**
 * The pick list (docs/decisions/0103): one line per SKU across the selected orders, with the summed quantity and
 * the orders that need it, sorted by category then name; gift-wrap and engraving lines are called out
 * per order. Pure: the server's pick-list PDF draws what this returns.
 */

/** Items without a category are listed last, under this heading. */
export const PICK_LIST_OTHER_CATEGORY = 'Other';

/** One product line of one order, as the pick list reads it (engraving child lines already attached). */
export interface PickListLineInput {
  name: string;
  sku?: string | null;
  /** As the catalogue writes it, e.g. '750ml'. */
  size?: string | null;
  category?: string | null;
  quantity: number;
  /** The line is to be gift-wrapped. */
  gift_wrap?: boolean | null;
  /** Engravings on this line: the message (one entry per engraved line) and how many bottles. */
  engravings?: readonly { lines: readonly string[]; quantity: number }[];
}

export interface PickListOrderInput {
  id: string;
  lines: readonly PickListLineInput[];
}

export interface PickListOrderRef {
  order_id: string;
  quantity: number;
}

export interface PickListEngraving extends PickListOrderRef {
  lines: string[];
}

export interface PickListLine {
  /** The SKU; null when the items carry none (they are then grouped by name and size). */
  sku: string | null;
  name: string;
  size: string | null;
  category: string;
  /** Units to pick, summed over the orders. */
  quantity: number;
  /** The orders that need it, in the order they were given, with their quantity. */
  orders: PickListOrderRef[];
  /** Units to gift-wrap, per order. */
  gift_wrap: PickListOrderRef[];
  /** Engravings, per order and message. */
  engravings: PickListEngraving[];
}

export interface PickListCategory {
  category: string;
  lines: PickListLine[];
}

export interface PickList {
  categories: PickListCategory[];
  order_count: number;
  sku_count: number;
  unit_count: number;
}

const clean = (v: string | null | undefined): string => (v ?? '').replace(/\s+/g, ' ').trim();

/** The category heading of an item: its category, or 'Other' when it has none. */
export function pickListCategory(category: string | null | undefined): string {
  const c = clean(category);
  return c && !isOther(c) ? c : PICK_LIST_OTHER_CATEGORY;
}

function isOther(category: string): boolean {
  return category.toLowerCase() === PICK_LIST_OTHER_CATEGORY.toLowerCase();
}
const compareText = (a: string, b: string) =>
  a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

/** Categories alphabetically, 'Other' (no category) last. */
export function compareCategories(a: string, b: string): number {
  if (isOther(a) !== isOther(b)) return isOther(a) ? 1 : -1;
  return compareText(a, b);
}

function addRef<T extends PickListOrderRef>(refs: T[], ref: T, same: (r: T) => boolean): void {
  const found = refs.find(same);
  if (found) found.quantity += ref.quantity;
  else refs.push(ref);
}

/**
 * Sums the orders' lines per SKU (lines without a SKU per name and size). A SKU keeps the name, size
 * and category of its first line. Lines with no units are skipped.
 */
export function buildPickList(orders: readonly PickListOrderInput[]): PickList {
  const bySku = new Map<string, PickListLine>();
  const orderIds = new Set<string>();
  for (const order of orders) {
    for (const input of order.lines) {
      const quantity = Number(input.quantity) || 0;
      if (quantity <= 0) continue;
      orderIds.add(order.id);
      const sku = clean(input.sku) || null;
      const name = clean(input.name);
      const size = clean(input.size) || null;
      const key = sku ? `sku:${sku}` : `name:${name.toLowerCase()}\u0000${(size ?? '').toLowerCase()}`;
      let line = bySku.get(key);
      if (!line) {
        line = {
          sku,
          name,
          size,
          category: pickListCategory(input.category),
          quantity: 0,
          orders: [],
          gift_wrap: [],
          engravings: [],
        };
        bySku.set(key, line);
      }
      line.quantity += quantity;
      addRef(line.orders, { order_id: order.id, quantity }, (r) => r.order_id === order.id);
      if (input.gift_wrap) {
        addRef(line.gift_wrap, { order_id: order.id, quantity }, (r) => r.order_id === order.id);
      }
      for (const e of input.engravings ?? []) {
        const lines = e.lines.map(clean).filter(Boolean);
        const text = lines.join('\n');
        addRef(
          line.engravings,
          { order_id: order.id, quantity: Number(e.quantity) || 0, lines },
          (r) => r.order_id === order.id && r.lines.join('\n') === text,
        );
      }
    }
  }
  const lines = [...bySku.values()].sort(
    (a, b) =>
      compareCategories(a.category, b.category) ||
      compareText(a.name, b.name) ||
      compareText(a.size ?? '', b.size ?? '') ||
      compareText(a.sku ?? '', b.sku ?? ''),
  );
  const categories: PickListCategory[] = [];
  for (const line of lines) {
    const last = categories[categories.length - 1];
    if (last && last.category === line.category) last.lines.push(line);
    else categories.push({ category: line.category, lines: [line] });
  }
  return {
    categories,
    order_count: orderIds.size,
    sku_count: lines.length,
    unit_count: lines.reduce((sum, l) => sum + l.quantity, 0),
  };
}

/** 'A-1 ×2, B-2' — the orders of a pick-list line (×n only when more than one unit). */
export function formatPickListRefs(refs: readonly PickListOrderRef[]): string {
  return refs.map((r) => (r.quantity > 1 ? `${r.order_id} ×${r.quantity}` : r.order_id)).join(', ');
}
