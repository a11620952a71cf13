import { describe, expect, it } from 'vitest';
import { BULK_MSG } from './bulk.ts';
import { acceptRefusalText, bulkAcceptSkippedText, bulkFailureText } from './bulk-texts.ts';
import { ORDER_STATUSES } from './order-status.ts';
import { transitionError } from './transitions.ts';

describe('bulk accept failures read as sentences', () => {
  it('turns the transition refusal into what the order already is', () => {
    expect(bulkFailureText(transitionError('MERCHANT_ACCEPTED', 'MERCHANT_ACCEPTED'))).toBe(
      'Already accepted.',
    );
    expect(bulkFailureText(transitionError('CANCELLED', 'MERCHANT_ACCEPTED'))).toBe(
      'Cancelled, so it cannot be accepted.',
    );
  });

  it('has a sentence without status codes for every status', () => {
    for (const s of ORDER_STATUSES) {
      const text = acceptRefusalText(s);
      expect(text).not.toMatch(/[A-Z]{2,}_[A-Z]/);
      expect(text).toMatch(/^[A-Z].*\.$/);
    }
  });

  it('keeps a message that is already a sentence, and other refusals', () => {
    expect(bulkFailureText(BULK_MSG.PAYMENT_DECLINED)).toBe(BULK_MSG.PAYMENT_DECLINED);
    expect(bulkFailureText(BULK_MSG.ORDER_NOT_FOUND)).toBe(BULK_MSG.ORDER_NOT_FOUND);
    const other = transitionError('MERCHANT_ACCEPTED', 'MERCHANT_SHIPPED');
    expect(bulkFailureText(other)).toBe(other);
  });

  it('counts what Accept leaves out', () => {
    expect(bulkAcceptSkippedText(1)).toMatch(/^1 selected order cannot be accepted/);
    expect(bulkAcceptSkippedText(3)).toMatch(/^3 selected orders cannot be accepted/);
  });
});
