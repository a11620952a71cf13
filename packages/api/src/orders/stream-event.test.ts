import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderStreamEventSchema } from './list-schemas.ts';
import { ORDER_STREAM_EVENT_TYPES, parseOrderStreamEvent } from './stream-event.ts';

/** What the console got from the schema before (decision 0109): the parsed event, or null. */
const viaSchema = (value: unknown) => {
  const r = OrderStreamEventSchema.safeParse(value);
  return r.success ? r.data : null;
};

const good = {
  type: 'order.created',
  order_id: 'ORD-1',
  status: 'SUBMITTED',
  tab: 'active',
  at: '2026-11-24T10:00:00Z',
};

describe('parseOrderStreamEvent: OrderStreamEventSchema without zod', () => {
  it.each([
    [good],
    [{ ...good, extra: 1 }],
    [{ ...good, type: 'order.deleted' }],
    [{ ...good, tab: 'archive' }],
    [{ ...good, order_id: 7 }],
    [{ ...good, at: undefined }],
    [{ ...good, type: 'order.updated', version: 3 }],
    [{ ...good, version: 2.5 }],
    [{ ...good, version: '3' }],
    [{ ...good, version: Number.MAX_SAFE_INTEGER + 2 }],
    [null],
    ['order.created'],
    [[good]],
  ])('%j gives what the schema gives', (value) => {
    expect(parseOrderStreamEvent(value)).toEqual(viaSchema(value));
  });

  it('keeps only the known fields', () => {
    expect(parseOrderStreamEvent({ ...good, extra: 1 })).toEqual(good);
  });

  it('property: the same answer as the schema for any record of those keys', () => {
    const field = fc.oneof(
      fc.constantFrom<unknown>(
        ...ORDER_STREAM_EVENT_TYPES,
        'active',
        'on_hold',
        'completed',
        'x',
        1,
        0.5,
        null,
      ),
      fc.string(),
    );
    const event = fc.record(
      { type: field, order_id: field, status: field, tab: field, version: field, at: field, more: field },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(event, fc.anything()), (value) => {
        expect(parseOrderStreamEvent(value)).toEqual(viaSchema(value));
      }),
      { numRuns: 1000 },
    );
  });
});
