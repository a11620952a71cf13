import { describe, expect, it } from 'vitest';
import { sandboxPayments } from './payments.ts';

/** The sandbox answers refunds as Stripe does: partial refunds add up to at most the captured amount. */
describe('sandbox payments: refunds', () => {
  const make = () => sandboxPayments('http://localhost', async () => false);
  const capture = (p: ReturnType<typeof make>, orderId: string, amountCents: number) =>
    p.capture({ orderId, amountCents, idempotencyKey: `capture-${orderId}`, paymentRef: null });
  const refund = (p: ReturnType<typeof make>, orderId: string, amountCents: number, key: string) =>
    p.refund({ orderId, amountCents, idempotencyKey: key, paymentRef: null });

  it('a partial refund returns that amount and leaves the rest captured', async () => {
    const p = make();
    expect((await capture(p, 'o1', 15207)).ok).toBe(true);
    expect(await refund(p, 'o1', 13207, 'r1')).toMatchObject({ ok: true });
    expect(p.amounts('o1')).toEqual({ capturedCents: 15207, refundedCents: 13207 });
    // The rest can still be refunded, once.
    expect(await refund(p, 'o1', 2001, 'r2')).toEqual({ ok: false, reason: 'amount_too_large' });
    expect(await refund(p, 'o1', 2000, 'r3')).toMatchObject({ ok: true });
    expect(await refund(p, 'o1', 1, 'r4')).toEqual({ ok: false, reason: 'charge_already_refunded' });
    expect(p.amounts('o1')).toEqual({ capturedCents: 15207, refundedCents: 15207 });
  });

  it('a repeated key replays the first answer and refunds once', async () => {
    const p = make();
    await capture(p, 'o2', 5000);
    const first = await refund(p, 'o2', 3000, 'same');
    expect(await refund(p, 'o2', 3000, 'same')).toEqual(first);
    expect(p.amounts('o2')?.refundedCents).toBe(3000);
  });

  it('nothing captured: not refunded; more than captured: refused', async () => {
    const p = make();
    expect(await refund(p, 'o3', 100, 'k')).toEqual({ ok: false, reason: 'charge_not_captured' });
    await capture(p, 'o4', 1000);
    expect(await refund(p, 'o4', 1001, 'k4')).toEqual({ ok: false, reason: 'amount_too_large' });
    expect(await refund(p, 'o4', 0, 'k5')).toEqual({ ok: false, reason: 'amount_too_small' });
    expect(p.amounts('o4')?.refundedCents).toBe(0);
  });
});
