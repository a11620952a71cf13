import { describe, expect, it } from 'vitest';
import { alertMessage, inboundTextIntent, nextOpeningAt, slaRiskAt } from './alerts.ts';

const NY = 'America/New_York';
const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const nineToFive = weekdays.map((weekday) => ({ weekday, time_open: '09:00', time_close: '17:00' }));

describe('nextOpeningAt', () => {
  it('is now while the store is open', () => {
    const now = new Date('2026-11-25T15:00:00Z'); // Wednesday 10:00 in New York
    expect(nextOpeningAt(nineToFive, NY, now)).toBe(now);
  });
  it('is the same day’s opening before it, the next business day’s after closing', () => {
    expect(nextOpeningAt(nineToFive, NY, new Date('2026-11-25T12:00:00Z')).toISOString()).toBe(
      '2026-11-25T14:00:00.000Z',
    );
    // Friday 18:00 → Monday 09:00.
    expect(nextOpeningAt(nineToFive, NY, new Date('2026-11-27T23:00:00Z')).toISOString()).toBe(
      '2026-11-30T14:00:00.000Z',
    );
  });
  it('counts hours that run past midnight, a full day, and a store without hours as open', () => {
    const late = [{ weekday: 'friday', time_open: '18:00', time_close: '02:00' }];
    const saturday1am = new Date('2026-11-28T06:00:00Z');
    expect(nextOpeningAt(late, NY, saturday1am)).toBe(saturday1am);
    const allDay = [{ weekday: 'saturday', time_open: '00:00', time_close: '23:59' }];
    const saturdayLate = new Date('2026-11-29T04:59:30Z'); // Saturday 23:59:30
    expect(nextOpeningAt(allDay, NY, saturdayLate)).toBe(saturdayLate);
    const now = new Date();
    expect(nextOpeningAt([], NY, now)).toBe(now);
  });
  it('follows the clock change (09:00 local before and after it)', () => {
    const spring = [{ weekday: 'monday', time_open: '09:00', time_close: '17:00' }];
    expect(nextOpeningAt(spring, NY, new Date('2026-03-07T12:00:00Z')).toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
  });
});

describe('slaRiskAt', () => {
  it('is 20 minutes before the promised time, past or not', () => {
    expect(slaRiskAt(new Date('2026-11-28T12:00:00Z')).toISOString()).toBe('2026-11-28T11:40:00.000Z');
    expect(slaRiskAt(new Date('2026-11-28T10:10:00Z')).toISOString()).toBe('2026-11-28T09:50:00.000Z');
  });
});

describe('inboundTextIntent', () => {
  it('reads Twilio’s OptOutType first, then the carrier keywords', () => {
    expect(inboundTextIntent('hello', 'STOP')).toBe('stop');
    expect(inboundTextIntent(' stop ')).toBe('stop');
    expect(inboundTextIntent('UNSUBSCRIBE')).toBe('stop');
    expect(inboundTextIntent('Start')).toBe('start');
    expect(inboundTextIntent('Stop sending me stuff')).toBeNull();
    expect(inboundTextIntent('HELP')).toBeNull();
  });
});

describe('alertMessage', () => {
  const order = (id: string, total: number, items = 2) => ({
    id,
    customer_first_name: 'Ada',
    item_count: items,
    total,
  });
  it('names the order, the customer’s first name, the item count, the total and the link', () => {
    const m = alertMessage('Demo Wine', 'https://console.test/', {
      kind: 'new_order',
      orders: [order('A1', 45.2, 1)],
    });
    expect(m.sms).toBe(
      'Demo Wine: new order A1 from Ada: 1 item, $45.20. https://console.test/orders/active?review=A1',
    );
    expect(m.subject).toBe('Demo Wine: New order A1 from Ada');
    expect(m.text).toContain('https://console.test/orders/active?review=A1');
    expect(m.html).toContain('<a href="https://console.test/orders/active?review=A1">');
  });
  it('gathers several new orders into one message with their sum', () => {
    const m = alertMessage('Demo Wine', 'https://console.test', {
      kind: 'new_order',
      orders: [order('A1', 100.1), order('A2', 200.2), order('A3', 12.1), order('A4', 100), order('A5', 200)],
    });
    expect(m.sms).toBe(
      'Demo Wine: 5 new orders, $612.40 — A1 Ada, A2 Ada, A3 Ada and 2 more. https://console.test/orders/active',
    );
    expect(m.text.split('\n').filter((l) => l.startsWith('• '))).toHaveLength(5);
  });
  it('escapes what a customer typed in the HTML part', () => {
    const m = alertMessage('Store <b>', 'https://c.test', {
      kind: 'unaccepted',
      order: { ...order('A1', 10), customer_first_name: '<script>' },
      minutes: 5,
    });
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
    expect(m.sms).toContain('is still waiting after 5 min');
  });
  it('says how long an order at risk has left', () => {
    const m = alertMessage('S', 'https://c.test', {
      kind: 'sla_risk',
      order: order('A1', 10),
      minutesLeft: 18,
    });
    expect(m.sms).toBe(
      'S: order A1 for Ada is due in 18 min and is not out for delivery. https://c.test/orders/active?review=A1',
    );
  });
});
