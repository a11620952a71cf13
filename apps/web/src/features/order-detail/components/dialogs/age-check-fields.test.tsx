import type { OrderDetail } from '@mc/api';
import { AGE_UNDER_21_MESSAGE, BIRTH_DATE_MESSAGE } from '@mc/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { exampleOrder } from '../../../../test/orders.ts';
import { renderWithProviders } from '../../../../test/render-app.tsx';
import { HistoryTimeline } from '../order-detail-content.tsx';
import { openDeliveryPanel } from './test-fixtures.tsx';

function openDelivered(delivery: Partial<OrderDetail>, result: unknown = { ok: true }) {
  const order = exampleOrder({
    id: 'A1',
    status: 'MERCHANT_SHIPPED',
    timezone: 'America/New_York',
    delivery: { method: 'on_demand', date: null, window: null },
    courier_estimate_id: null,
    courier_info: null,
    aux_data: {},
    delivery_details: null,
    ...delivery,
  });
  const run = vi.fn(async () => result);
  openDeliveryPanel(order, run, 'delivered');
  return { run, dialog: within(screen.getByRole('dialog', { name: 'Mark Your Order As Delivered' })) };
}

/** The `delivery_info` of the first close the panel sent. */
function sentDeliveryInfo(run: ReturnType<typeof openDelivered>['run']): Record<string, unknown> {
  const [change] = run.mock.calls[0] as unknown as [{ body: { delivery_info: Record<string, unknown> } }];
  return change.body.delivery_info;
}

async function fillCheck(dialog: ReturnType<typeof within>, year = '1990') {
  await userEvent.selectOptions(dialog.getByLabelText(/ID type/), 'passport');
  await userEvent.selectOptions(dialog.getByLabelText('Birth month'), 'April');
  await userEvent.selectOptions(dialog.getByLabelText('Birth day'), '1');
  await userEvent.selectOptions(dialog.getByLabelText('Birth year'), year);
  await userEvent.type(dialog.getByLabelText(/Checked by/), 'Sam Driver');
}

describe("the delivery panel's ID check (decision 0101)", () => {
  it('an own-driver order asks for the check and sends it with the close', async () => {
    const { run, dialog } = openDelivered({});
    expect(dialog.getByRole('group', { name: 'ID check (21+)' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Delivered' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose the type of ID');
    expect(run).not.toHaveBeenCalled();

    await userEvent.selectOptions(dialog.getByLabelText(/ID type/), 'passport');
    await userEvent.selectOptions(dialog.getByLabelText('Birth month'), 'April');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Delivered' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(BIRTH_DATE_MESSAGE);
    expect(run).not.toHaveBeenCalled();

    await userEvent.selectOptions(dialog.getByLabelText('Birth day'), '1');
    await userEvent.selectOptions(dialog.getByLabelText('Birth year'), '1990');
    await userEvent.type(dialog.getByLabelText(/Checked by/), 'Sam Driver');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Delivered' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(sentDeliveryInfo(run).age_verification).toEqual({
      id_type: 'passport',
      birth_date: '1990-04-01',
      checked_by: 'Sam Driver',
    });
  });

  it("shows the server's refusal (under 21 on the delivery date) in the panel", async () => {
    const { dialog } = openDelivered(
      {},
      { ok: false, fieldErrors: { 'delivery_info.age_verification.birth_date': AGE_UNDER_21_MESSAGE } },
    );
    await fillCheck(dialog, '2010');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Delivered' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(AGE_UNDER_21_MESSAGE);
  });

  it.each([
    ['a shipping order', { delivery: { method: 'shipping', date: null, window: null } }],
    [
      'a courier order',
      { delivery: { method: 'scheduled', date: null, window: null }, courier_estimate_id: 'e1' },
    ],
  ] as const)('%s closes without it', async (_name, delivery) => {
    const { run, dialog } = openDelivered(delivery as Partial<OrderDetail>);
    expect(dialog.queryByRole('group', { name: 'ID check (21+)' })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Delivered' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(sentDeliveryInfo(run)).not.toHaveProperty('age_verification');
  });
});

describe('the typed birth date (MM/DD/YYYY) beside the selectors', () => {
  async function fillTyped(dialog: ReturnType<typeof within>, typed: string) {
    await userEvent.selectOptions(dialog.getByLabelText(/ID type/), 'passport');
    await userEvent.type(dialog.getByLabelText('Type it (MM/DD/YYYY)'), typed);
    await userEvent.type(dialog.getByLabelText(/Checked by/), 'Sam Driver');
  }

  it('a typed valid date sets the selectors and is sent with the close', async () => {
    const { run, dialog } = openDelivered({});
    await fillTyped(dialog, '04/01/1990');
    expect(dialog.getByLabelText('Birth month')).toHaveValue('4');
    expect(dialog.getByLabelText('Birth day')).toHaveValue('1');
    expect(dialog.getByLabelText('Birth year')).toHaveValue('1990');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Delivered' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(sentDeliveryInfo(run).age_verification).toEqual({
      id_type: 'passport',
      birth_date: '1990-04-01',
      checked_by: 'Sam Driver',
    });
  });

  it('choosing with the selectors writes the typed field', async () => {
    const { dialog } = openDelivered({});
    await userEvent.selectOptions(dialog.getByLabelText('Birth month'), 'December');
    await userEvent.selectOptions(dialog.getByLabelText('Birth day'), '24');
    await userEvent.selectOptions(dialog.getByLabelText('Birth year'), '1985');
    expect(dialog.getByLabelText('Type it (MM/DD/YYYY)')).toHaveValue('12/24/1985');
  });

  it('a typed date that is not a day is refused with the birth-date message, on leaving and on closing', async () => {
    const { run, dialog } = openDelivered({});
    await fillTyped(dialog, '02/30/1990');
    // Leaving the field (to "Checked by") already said it under the field.
    expect(dialog.getByLabelText('Type it (MM/DD/YYYY)')).toHaveAccessibleDescription(BIRTH_DATE_MESSAGE);
    expect(dialog.getByLabelText('Birth month')).toHaveValue('');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Delivered' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(BIRTH_DATE_MESSAGE);
    expect(run).not.toHaveBeenCalled();
  });

  it('a typed date under 21 on the delivery day is refused before anything is sent', async () => {
    const { run, dialog } = openDelivered({});
    const year = new Date().getFullYear() - 20;
    await fillTyped(dialog, `01/01/${year}`);
    await userEvent.click(dialog.getByRole('button', { name: 'Mark as Delivered' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(AGE_UNDER_21_MESSAGE);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('the failure action is set apart from the confirming one', () => {
  it("'Delivery failed' sits below a divider, outlined, outside the foot that holds 'Mark as Delivered'", () => {
    const { dialog } = openDelivered({});
    const failed = dialog.getByRole('button', { name: 'Delivery failed' });
    const confirm = dialog.getByRole('button', { name: 'Mark as Delivered' });
    expect(failed).toHaveAttribute('data-variant', 'outline');
    expect(confirm.closest('form')).not.toContainElement(failed);
    const separator = dialog.getByRole('separator');
    expect(separator.compareDocumentPosition(failed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(confirm.compareDocumentPosition(separator) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('the history shows the recorded check', () => {
  it("'ID checked: 21+, …' under the delivered entry, in the store's zone", () => {
    const order = exampleOrder({
      timezone: 'America/Chicago',
      history: [
        {
          id: 1,
          actor_type: 'merchant',
          actor_name: 'Olivia Owner',
          action: 'delivered',
          from_status: 'MERCHANT_SHIPPED',
          to_status: 'CLOSED',
          comment: 'Delivered, delivered by Sam Driver',
          age_check: {
            by: 'store',
            result: '21+',
            id_type: 'drivers_license',
            checked_by: 'Sam Driver',
            checked_at: '2026-06-13T00:42:00.000Z',
          },
          created_at: '2026-06-13T00:43:00.000Z',
        },
      ],
    });
    renderWithProviders(<HistoryTimeline order={order} />);
    expect(
      screen.getByText("ID checked: 21+, driver's licence, by Sam Driver at 7:42 PM"),
    ).toBeInTheDocument();
  });
});
