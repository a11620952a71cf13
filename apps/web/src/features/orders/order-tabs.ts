/** The orders list tabs and their routes (part 1 §2, part 2 §2.1). */
export interface OrderTab {
  slug: 'active' | 'on-hold' | 'cancelled' | 'completed';
  label: string;
}

export const ORDER_TABS: OrderTab[] = [
  { slug: 'active', label: 'Active' },
  { slug: 'on-hold', label: 'On Hold' },
  { slug: 'cancelled', label: 'Cancelled' },
  { slug: 'completed', label: 'Completed' },
];
