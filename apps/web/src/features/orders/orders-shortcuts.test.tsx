/**
 * Keyboard shortcuts of the orders desk (decision 0104), on the real route table:
 * `?`, `/`, `j`/`k`, `Enter`, `g a|h|c|d` (with their time-out) and `a`/`r` in Review Order, and nothing
 * while a field takes the keys.
 */
import type { OrderDetail } from '@mc/api';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerErrorReporter } from '../../lib/error-reporting.ts';
import { isTypingTarget, SEQUENCE_TIMEOUT_MS } from '../../lib/keyboard-shortcuts.ts';
import { exampleOrder } from '../../test/orders.ts';
import { mockFetch, renderApp, signIn, signOut, stubWindowWidth } from '../../test/render-app.tsx';
import { newOrdersStore } from './hooks/new-orders-store.ts';
import { item, page } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const IDS = ['KEYSKEY-AAA-01', 'KEYSKEY-AAA-02', 'KEYSKEY-AAA-03'];

/** The list answers three new orders on every tab; one order's detail for Review Order. */
function setup() {
  const detail = (id: string): OrderDetail => exampleOrder({ id, status: 'SUBMITTED' });
  return mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/orders/count'))
      return { body: { active: 3, on_hold: 0, cancelled: 0, completed: 0 } };
    if (u.pathname.endsWith('/orders/filters')) return { body: { items: [] } };
    if (u.pathname.endsWith('/orders/optimized')) return { body: page(IDS.map((id) => item(id))) };
    if (u.pathname.endsWith('/orders/optimize')) return { body: page([]) };
    const one = /\/m\/v2\/orders\/([^/?]+)$/.exec(u.pathname);
    if (one) return { body: detail(decodeURIComponent(one[1]!)) };
    return undefined;
  });
}

/** Requests other than reads: a shortcut that only opens a dialog sends none. */
const writes = (fetchMock: ReturnType<typeof setup>) =>
  fetchMock.mock.calls.filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') !== 'GET');

const scrolled = vi.fn();

beforeEach(() => {
  stubWindowWidth(true);
  signIn('demo-wine-spirits');
  newOrdersStore.reset();
  registerErrorReporter(() => {});
  scrolled.mockClear();
  // jsdom has no layout (the setup stubs scrollIntoView): record which element was asked to scroll.
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
    scrolled(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  registerErrorReporter(null);
  signOut();
});

async function openList(path = '/orders/active') {
  const fetchMock = setup();
  const app = renderApp(path);
  // a table row on a desktop, a card on a phone: both carry the order's name
  await screen.findByLabelText(new RegExp(`^Order ${IDS[2]}`));
  return { ...app, fetchMock, user: userEvent.setup() };
}

const highlighted = () => document.querySelector('[aria-current="true"][data-order-id]');
const rowOf = (id: string) => document.querySelector(`[data-order-id="${id}"]`);

describe('orders desk keyboard shortcuts', () => {
  it('? shows the shortcuts dialog (also from its button); Escape closes it', async () => {
    const { user } = await openList();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const text of [
      'Search by order number',
      'Highlight the next order',
      'Highlight the previous order',
      'Open the highlighted order (Review Order)',
      'Go to Active',
      'Go to On Hold',
      'Go to Cancelled',
      'Go to Completed (done)',
      'Open Accept & Confirm (confirm there)',
      'Open Reject Order (confirm there)',
    ]) {
      expect(within(dialog).getByRole('cell', { name: text })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('table', { name: 'Tabs' })).toHaveTextContent('gthend');
    // the list's keys do nothing behind the dialog
    await user.keyboard('j');
    expect(highlighted()).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it('/ puts the cursor in the order search without typing the slash', async () => {
    const { user } = await openList();
    const box = screen.getByRole('textbox', { name: 'Order #' });
    expect(box).not.toHaveFocus();
    await user.keyboard('/');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');
  });

  it('j/k highlight the rows (aria-current, focus, scrolled into view) and stop at the ends', async () => {
    const { user } = await openList();
    expect(highlighted()).toBeNull();
    await user.keyboard('j');
    expect(highlighted()).toBe(rowOf(IDS[0]!));
    expect(rowOf(IDS[0]!)).toHaveFocus();
    expect(rowOf(IDS[0]!)).toHaveAttribute('data-highlighted');
    expect(scrolled).toHaveBeenLastCalledWith(rowOf(IDS[0]!));
    await user.keyboard('jj');
    expect(highlighted()).toBe(rowOf(IDS[2]!));
    expect(scrolled).toHaveBeenLastCalledWith(rowOf(IDS[2]!));
    await user.keyboard('j');
    expect(highlighted()).toBe(rowOf(IDS[2]!));
    await user.keyboard('k');
    expect(highlighted()).toBe(rowOf(IDS[1]!));
    expect(rowOf(IDS[1]!)).toHaveFocus();
    expect(document.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
    await user.keyboard('kkk');
    expect(highlighted()).toBe(rowOf(IDS[0]!));
  });

  it('Enter opens the highlighted order in Review Order, from the row or with the focus elsewhere', async () => {
    const { user, router, fetchMock } = await openList();
    await user.keyboard('jj');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?review=${IDS[1]}`));
    expect(
      await screen.findByRole('dialog', { name: new RegExp(`Review Order · ${IDS[1]}`) }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // the highlight stays; with the focus on the page itself Enter still opens it
    expect(highlighted()).toBe(rowOf(IDS[1]!));
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?review=${IDS[1]}`));
    expect(writes(fetchMock)).toEqual([]);
  });

  it('j/k work over the cards of the phone layout', async () => {
    stubWindowWidth(false);
    const { user, router } = await openList();
    expect(screen.queryByRole('table')).toBeNull();
    await user.keyboard('jj');
    const card = highlighted();
    expect(card).toBe(rowOf(IDS[1]!));
    expect(card?.closest('li')).not.toBeNull();
    expect(card).toHaveFocus();
    expect(scrolled).toHaveBeenLastCalledWith(card);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?review=${IDS[1]}`));
  });

  it('g a, g h, g c, g d switch tabs', async () => {
    const { user, router } = await openList();
    for (const [keys, path] of [
      ['gh', '/orders/on-hold'],
      ['gc', '/orders/cancelled'],
      ['gd', '/orders/completed'],
      ['ga', '/orders/active'],
    ] as const) {
      await user.keyboard(keys);
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
    }
  });

  it('a g-sequence times out, and another key in between cancels it', async () => {
    const { user, router } = await openList();
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    await user.keyboard('g');
    now.mockReturnValue(1_000_000 + SEQUENCE_TIMEOUT_MS + 1);
    await user.keyboard('d');
    now.mockReturnValue(1_000_000 + SEQUENCE_TIMEOUT_MS + 2);
    await user.keyboard('xh');
    await user.keyboard('g');
    await user.keyboard('{Shift>}C{/Shift}');
    // d alone, h after x, C with Shift: none of them switched
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/orders/active');
    // just inside the time-out it still works
    now.mockReturnValue(2_000_000);
    await user.keyboard('g');
    now.mockReturnValue(2_000_000 + SEQUENCE_TIMEOUT_MS);
    await user.keyboard('c');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/cancelled'));
  });

  it('nothing fires while typing in the search box', async () => {
    const { user, router, fetchMock } = await openList();
    const box = screen.getByRole('textbox', { name: 'Order #' });
    await user.click(box);
    await user.type(box, 'jk?/gd');
    expect(box).toHaveValue('jk?/gd');
    expect(highlighted()).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(router.state.location.pathname).toBe('/orders/active');
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('');
    expect(writes(fetchMock)).toEqual([]);
  });

  it('in Review Order, a opens Accept & Confirm and r opens Reject Order, sending nothing', async () => {
    const { user, router, fetchMock } = await openList(`/orders/active?review=${IDS[0]}`);
    const review = await screen.findByRole('dialog', { name: new RegExp(`Review Order · ${IDS[0]}`) });
    await within(review).findByRole('button', { name: /^ACCEPT$/ });
    // the list's keys do nothing under the modal
    await user.keyboard('jgd');
    expect(highlighted()).toBeNull();
    expect(router.state.location.pathname).toBe('/orders/active');

    await user.keyboard('a');
    const accept = await screen.findByRole('dialog', { name: 'Accept & Confirm' });
    // a again, r, Enter on the focused Cancel: nothing is confirmed
    await user.keyboard('ar');
    expect(screen.queryByRole('dialog', { name: 'Reject Order' })).toBeNull();
    await user.click(within(accept).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept & Confirm' })).toBeNull());

    await user.keyboard('r');
    const reject = await screen.findByRole('dialog', { name: 'Reject Order' });
    // typing into the dialog's field: the keys go into the field, no shortcut fires
    await user.click(within(reject).getByRole('radio', { name: /other/i }));
    const reason = await within(reject).findByRole('textbox', { name: 'Reason' });
    await user.click(reason);
    await user.type(reason, 'a?jgd');
    expect(reason).toHaveValue('a?jgd');
    expect(screen.queryByRole('dialog', { name: 'Accept & Confirm' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(router.state.location.pathname).toBe('/orders/active');
    expect(writes(fetchMock)).toEqual([]);
  });

  it("a row's Accept opens Accept & Confirm again after it was cancelled and the review closed", async () => {
    const { user, router, fetchMock } = await openList();
    const acceptThenCancel = async () => {
      await user.click(screen.getByRole('button', { name: `Accept order ${IDS[1]}` }));
      const accept = await screen.findByRole('dialog', { name: 'Accept & Confirm' });
      await user.click(within(accept).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept & Confirm' })).toBeNull());
      const review = screen.getByRole('dialog', { name: new RegExp(`Review Order · ${IDS[1]}`) });
      await user.click(within(review).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
    };
    await acceptThenCancel();
    // the same order and intent a second time: the review opened and closed in between
    await acceptThenCancel();
    expect(writes(fetchMock)).toEqual([]);
  });

  it('a and r do nothing for an order that offers neither button', async () => {
    const fetchMock = mockFetch((url) => {
      const u = new URL(url, 'http://x');
      if (u.pathname.endsWith('/orders/count'))
        return { body: { active: 0, on_hold: 0, cancelled: 1, completed: 0 } };
      if (u.pathname.endsWith('/orders/filters')) return { body: { items: [] } };
      if (u.pathname.endsWith('/orders/optimized')) return { body: page([]) };
      if (u.pathname.endsWith('/m/v2/orders/CANCELD-AAA-01'))
        return {
          body: exampleOrder({ id: 'CANCELD-AAA-01', status: 'CANCELLED' }),
        };
      return undefined;
    });
    renderApp('/orders/cancelled?review=CANCELD-AAA-01');
    // the title carries the id once the order has loaded
    await screen.findByRole('dialog', { name: /· CANCELD-AAA-01/ });
    const user = userEvent.setup();
    await user.keyboard('ar');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog', { name: 'Accept & Confirm' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Reject Order' })).toBeNull();
    expect(writes(fetchMock)).toEqual([]);
  });
});

describe('isTypingTarget', () => {
  it('is true for text fields, selects, editables and comboboxes; false for checkboxes, buttons, rows', () => {
    const el = (html: string) => {
      const host = document.createElement('div');
      host.innerHTML = html;
      return host.firstElementChild;
    };
    for (const html of [
      '<input>',
      '<input type="search">',
      '<input type="number">',
      '<textarea></textarea>',
      '<select></select>',
      '<div role="combobox"></div>',
      '<div role="textbox"></div>',
    ]) {
      expect(isTypingTarget(el(html)), html).toBe(true);
    }
    const editable = el('<div contenteditable="true"></div>') as HTMLElement;
    // jsdom does not compute isContentEditable
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(editable)).toBe(true);
    for (const html of [
      '<input type="checkbox">',
      '<input type="radio">',
      '<button></button>',
      '<tr></tr>',
    ]) {
      expect(isTypingTarget(el(html)), html).toBe(false);
    }
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

// fireEvent is kept for a keydown the user-event keyboard cannot send (an IME composition).
describe('composition', () => {
  it('a key of an IME composition is no shortcut', async () => {
    const { router } = await openList();
    fireEvent.keyDown(document.body, { key: 'g', isComposing: true });
    fireEvent.keyDown(document.body, { key: 'j', isComposing: true });
    fireEvent.keyDown(document.body, { key: 'g' });
    fireEvent.keyDown(document.body, { key: 'd', isComposing: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(highlighted()).toBeNull();
    expect(router.state.location.pathname).toBe('/orders/active');
  });
});
