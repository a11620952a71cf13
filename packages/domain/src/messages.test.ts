import { describe, expect, it } from 'vitest';
import { isBatchRunning, recentBatchText } from './bulk-texts.ts';
import {
  DEFAULT_SORT_DIRECTION,
  nextSortDirection,
  packingSlipFileName,
  receiptFileName,
  shouldInfiniteScroll,
} from './constants.ts';
import {
  getPath,
  inventoryQuantityText,
  isCompleteOffering,
  offeringsQuery,
  sortInventory,
} from './inventory.ts';
import {
  CARRIER_ERROR_CODES,
  LABEL_ERROR_THRESHOLD,
  LABEL_ERRORS_APOLOGY,
  labelErrorMessage,
  recordLabelError,
  tooManyLabelErrors,
} from './label-errors.ts';
import {
  bulkAcceptConfirm,
  bulkAcceptMessage,
  bulkDownloadMessage,
  directionsSentMessage,
  downloadInProgressMessage,
  inventoryIssueEmail,
  MSG,
  orderNotUpdatedMessage,
  roleUpdatedMessage,
  roleUpdateFailedMessage,
} from './messages.ts';
import { parseNameSearch, parseOrderSearch } from './search.ts';
import { billingFieldMessage } from './settings.ts';

describe('label errors', () => {
  const NETWORK =
    'A network error has occurred. Please try again in 15-20 minutes or contact your Sales Associate.';
  it.each([
    ['GENERAL', 'An error occurred, please contact Marketplace Support.'],
    ['NO_RESPONSE', NETWORK],
    ['NOT_RESPONDING_PURCHASE', NETWORK],
    ['INVALID_STREET', NETWORK],
    ['PO_BOX', 'Cannot ship to a PO Box. Please contact Support.'],
    ['MISSING_RECIPIENT_PHONE', 'Recipient phone number is required. Please contact Support.'],
    [
      'UNAUTHORIZED',
      'A carrier account error occurred, please contact your Sales Associate to resolve the issue.',
    ],
    ['LOCKED_OUT', 'User is locked out. Please try again in 30 minutes'],
  ])('%s', (code, text) => expect(labelErrorMessage({ code })).toBe(text));
  it('codes list', () => expect(CARRIER_ERROR_CODES).toHaveLength(8));
  it('carrier message and thrown errors', () => {
    expect(labelErrorMessage({ carrier: 'UPS', message: 'Invalid weight' })).toBe('UPS: Invalid weight');
    expect(labelErrorMessage({ message: 'boom' })).toBe(
      'An error occurred, please contact Marketplace Support.',
    );
    expect(labelErrorMessage({})).toBe('An error occurred, please contact Marketplace Support.');
  });
  it('threshold: 10 within 4 hours', () => {
    expect(LABEL_ERROR_THRESHOLD).toEqual({ count: 10, windowMs: 14_400_000 });
    expect(LABEL_ERRORS_APOLOGY).toBe(
      'We apologize for the inconvenience. Please contact your Sales Associate to resolve ongoing issues.',
    );
    const now = 100_000_000;
    const within = Array.from({ length: 10 }, (_, i) => now - i * 60_000);
    expect(tooManyLabelErrors(within, now)).toBe(true);
    expect(tooManyLabelErrors(within.slice(0, 9), now)).toBe(false);
    const oneOld = [...within.slice(0, 9), now - 14_400_000];
    expect(tooManyLabelErrors(oneOld, now)).toBe(false);
    const edge = [...within.slice(0, 9), now - 14_399_999];
    expect(tooManyLabelErrors(edge, new Date(now))).toBe(true);
  });
  it('keeps the last 10 times', () => {
    let ts: number[] = [];
    for (let i = 0; i < 15; i++) ts = recordLabelError(ts, i);
    expect(ts).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });
});

describe('messages verbatim', () => {
  it.each([
    ['ORDER_UPDATE_FAILED', 'Failed to update order status. Please try again.'],
    [
      'PAYMENT_DECLINED',
      'PAYMENT DECLINED. Do NOT fulfill this order!!!! Order can be reviewed on Cancelled tab.',
    ],
    ['ORDERS_FETCH_ERROR', 'There was an error fetching your orders. Please contact Support.'],
    ['SEARCH_NO_RESULTS', 'No results found. Please try different criteria.'],
    ['SEARCH_NO_RESULTS_NAME', 'No results found. Please try different name.'],
    ['SIGN_UP_EMAIL_EXISTS', 'The email entered already exists. Have you Forgot your password'],
    ['FORGOT_EMAIL_NOT_FOUND', 'The email entered does not exists. Please review and try again'],
    ['RESET_FAILED_TOAST', 'There was an error trying to update your password'],
    ['RESET_FAILED_FORM', 'There was a problem trying to update your password. Please try again'],
    ['ORDER_UPDATED', 'Order was updated successfully!'],
    ['ORDER_REJECT_FAILED', 'Error occurred trying to rejected the order'],
    ['RECEIPT_FAILED', "Something went wrong, couldn't download the Receipt."],
    ['PACKING_SLIP_DOWNLOADED', 'Print Packaging Slip downloaded successfully!'],
    ['PACKING_SLIP_FAILED', "Something went wrong, couldn't download the Print Packaging Slip"],
    ['PACKING_SLIP_LIST_DOWNLOADED', 'Packing slip downloaded successfully!'],
    ['TRACKING_SAVE_FAILED', "Something went wrong, tracking details weren't saved."],
    ['LABELS_CREATED', 'Shipping label(s) created successfully!'],
    ['LABELS_DOWNLOADING', 'Downloading shipping label(s)...'],
    ['NO_LABELS', 'There are no shipping labels to be printed.'],
    [
      'BULK_TAKING_LONGER',
      "Your download is taking longer than expected. We'll send you an email with the download attached when it's ready.",
    ],
    ['BILLING_FAILED', "Something went wrong. Billing information wasn't updated."],
    [
      'TEAM_LOAD_FAILED',
      'Whoops, we are sorry but something went wrong. This incident was already reported and we will fix it soon.',
    ],
    ['NOT_FOUND_TITLE', 'Opps! Sorry we could not find the page.'],
    [
      'PAYMENTS_BANNER',
      'Your settings are incomplete. Click here to set up payments in order to receive orders',
    ],
    ['ORDER_ID_HINT', 'Please enter a valid Marketplace Order ID. For example: 2ABNPFR-3A0-9E'],
  ] as const)('%s', (key, text) => expect(MSG[key]).toBe(text));
  it('parametrised', () => {
    expect(orderNotUpdatedMessage('2ABNPFR')).toBe("Something went wrong, the order 2ABNPFR wasn't updated.");
    expect(directionsSentMessage('+1 (212) 555-0123')).toBe('We have sent directions to +1 (212) 555-0123');
    expect(downloadInProgressMessage(5)).toBe('Previous download in progress, please try after 5 second(s).');
    expect(roleUpdatedMessage('Ada')).toBe("Ada's role updated successfully!");
    expect(roleUpdateFailedMessage('Ada')).toBe("Something went wrong, Ada's role wasn't updated.");
    expect(billingFieldMessage('EIN')).toBe('Please check EIN field');
  });
  it('bulk outcomes', () => {
    expect(bulkAcceptMessage({ order_accepted_count: 3, order_rejected_count: 0 }).message).toBe(
      'Accepted selected orders',
    );
    expect(bulkAcceptMessage({ order_accepted_count: 0, order_rejected_count: 3 }).message).toBe(
      'Accept request rejected',
    );
    expect(bulkAcceptMessage({ order_accepted_count: 2, order_rejected_count: 1 }).message).toBe(
      'Some accept request rejected',
    );
    expect(
      bulkDownloadMessage('details', { total_count: 3, completed_count: 3, error_count: 0 }).message,
    ).toBe('Selected order details downloaded successfully');
    expect(
      bulkDownloadMessage('details', { total_count: 3, completed_count: 2, error_count: 1 }).message,
    ).toBe('Some order details could not be downloaded');
    expect(bulkDownloadMessage('reports', { total_count: 2, completed_count: 0, error_count: 2 }).level).toBe(
      'error',
    );
  });
  it('bulk accept asks with the count and the sum of the totals', () => {
    const q = bulkAcceptConfirm(Array.from({ length: 12 }, (_, i) => (i === 0 ? 0.1 : 100.2)));
    expect(q.title).toBe("Accept 12 orders and charge the customers' cards?");
    expect(q.message).toBe(
      "The 12 selected orders total $1,102.30. Each customer's card is charged for their order.",
    );
    expect(q.confirm).toBe('Accept and charge 12 orders');
    const one = bulkAcceptConfirm([39.99]);
    expect(one.title).toBe("Accept 1 order and charge the customer's card?");
    expect(one.message).toMatch(/^The selected order totals \$39\.99\./);
  });
  it('inventory issue email', () => {
    const e = inventoryIssueEmail({ merchantName: 'Corner Wines', merchantId: 'm1', tpk: 'T1' });
    expect(e.subject).toBe('Merchant Dashboard Inventory Page - Corner Wines (m1)');
    expect(e.body).toContain('TPK: T1');
  });
});

describe('search', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['#', null],
    ['a@b.co', { kind: 'email', value: 'a@b.co' }],
    ['#2ABNPFR-3A0-9E', { kind: 'order_id', value: '2ABNPFR-3A0-9E' }],
    ['2ABNPFR-3A0-9E', { kind: 'order_id', value: '2ABNPFR-3A0-9E' }],
  ])('%j → %j', (input, out) => expect(parseOrderSearch(input)).toEqual(out));
  it('names', () => {
    expect(parseNameSearch('#Ada #Lovelace')).toBe('Ada Lovelace');
    expect(parseNameSearch('#')).toBeNull();
  });
});

describe('constants and inventory', () => {
  it('sort cycle and scroll', () => {
    expect(DEFAULT_SORT_DIRECTION).toBe('desc');
    expect(nextSortDirection('desc')).toBe('asc');
    expect(nextSortDirection('asc')).toBe('none');
    expect(nextSortDirection('none')).toBe('desc');
    expect(shouldInfiniteScroll(30, false)).toBe(true);
    expect(shouldInfiniteScroll(29, false)).toBe(false);
    expect(shouldInfiniteScroll(30, true)).toBe(false);
  });
  it('file names', () => {
    expect(packingSlipFileName('2AB', 'Lovelace')).toBe('2AB-Lovelace-Packing Slip.pdf');
    expect(receiptFileName('2AB', 'Lovelace')).toBe('2AB_Lovelace_Receipt.pdf');
  });
  it('inventory sort by dotted path, missing as "-"', () => {
    const rows = [
      { id: 'b', price: 20, product: { tpk: 'T2', product_line: { name: 'Gin' } } },
      { id: 'a', price: 5, product: { tpk: 'T10', product_line: { name: 'ale' } } },
      { id: 'c', price: 10, product: null },
    ];
    expect(sortInventory(rows, 'price').map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortInventory(rows, 'product.product_line.name').map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(sortInventory(rows, 'product.tpk').map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(sortInventory(rows, '').map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(getPath(rows[0], 'product.product_line.name')).toBe('Gin');
  });
  it('inventory cells', () => {
    expect(inventoryQuantityText({ quantity: 4, stock_behavior: 'NextDay' })).toBe('AT DISTRIBUTOR');
    expect(inventoryQuantityText({ quantity: 4 })).toBe('4');
    expect(isCompleteOffering({ product: { product_line: {}, container_size: {} } })).toBe(true);
    expect(isCompleteOffering({ product: { product_line: {} } })).toBe(false);
    expect(offeringsQuery('selling')).toEqual({ 'filter[selling_with_marketplace]': 'true' });
    expect(offeringsQuery('all')).toEqual({});
  });
});

describe('recent batches', () => {
  const base = { report_types: [], total_count: 3, completed_count: 1, error_count: 1 };
  it('names the batch and where it stands', () => {
    expect(recentBatchText({ ...base, kind: 'accept', state: 'running' })).toEqual({
      title: 'Accept · 3 orders',
      status: 'Running: 2 of 3',
    });
    expect(
      recentBatchText({ ...base, kind: 'reports', state: 'done', report_types: ['receipt', 'packingslip'] }),
    ).toEqual({ title: 'Reports (receipts, packing slips) · 3 orders', status: 'Done: 1 failed' });
    expect(
      recentBatchText({ ...base, kind: 'details', state: 'done', error_count: 0, total_count: 1 }),
    ).toEqual({
      title: 'Order details (CSV) · 1 order',
      status: 'Done',
    });
    expect(recentBatchText({ ...base, kind: 'details', state: 'queued' }).status).toBe('Waiting to start');
    expect(recentBatchText({ ...base, kind: 'details', state: 'failed' }).status).toBe('Failed');
    expect(isBatchRunning({ state: 'queued' })).toBe(true);
    expect(isBatchRunning({ state: 'running' })).toBe(true);
    expect(isBatchRunning({ state: 'done' })).toBe(false);
  });
});
