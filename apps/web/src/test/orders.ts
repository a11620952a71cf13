/**
 * Orders for component tests, built from the contract's examples (packages/api endpoint-examples.ts,
 * parsed against the schemas there): a test states only the fields it is about, and every other field
 * has the shape the API answers.
 */
import { ENDPOINT_EXAMPLES, type OrderDetail, type OrderDetailItem } from '@mc/api';

function example(): OrderDetail {
  const order = ENDPOINT_EXAMPLES.getOrder?.response;
  if (!order) throw new Error('the contract has no example answer for getOrder');
  return structuredClone(order);
}

/** The contract's example order (GET /m/v2/orders/{id}) with `overrides` over it. */
export function exampleOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return { ...example(), ...overrides };
}

/** The example order's first line item with `overrides` over it. */
export function exampleOrderItem(overrides: Partial<OrderDetailItem> = {}): OrderDetailItem {
  const [item] = example().items;
  if (!item) throw new Error('the contract example order has no items');
  return { ...item, ...overrides };
}
