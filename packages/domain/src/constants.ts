/** Business constants and limits. */

/**
 * The marketplace's name as shown to merchants. The spec shows it neutrally ('the provider',
 * '{provider}'); every text that names it is built from this one constant.
 */
export const PROVIDER_NAME = 'Marketplace';

export const TOAST_DURATION_MS = 8000;
export const FAILED_UPDATE_REDIRECT_MS = 3500;
export const FAILED_UPDATE_REDIRECT_PATH = '/orders/cancelled';
export const CARRIER_BANNER_RESET_MS = 8000;
export const COURIER_INFO_REFRESH_MS = 1500;
export const BULK_POLL_INTERVAL_MS = 1000;
export const BULK_MAX_POLLS = 20;
/** The store's recent batches shown again after a reload (docs/decisions/0088): how many, how far back. */
export const RECENT_BATCHES_LIMIT = 10;
export const RECENT_BATCHES_HOURS = 24;
export const SEARCH_PAGE_SIZE = 10;
export const ORDERS_PAGE_SIZE = 30;
export const SEARCH_RESULTS_MAX_HEIGHT_PX = 300;
export const BREAKPOINTS = { mobile: 1100, small: 480, medium: 600, rejectDialog: 780 } as const;
export const RESET_EMAIL_DELAY_MINUTES = 15;
export const MIN_CUSTOMER_AGE = 21;
export const RESTOCKING_FEE_USD = 20;
/** Bulk report types: one merged PDF each; the pick list sums the selected orders' items per SKU. */
export const REPORT_TYPES = ['receipt', 'packingslip', 'picklist'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const PRINT_OPTIONS = ['all', 'receipt', 'packingslip', 'picklist'] as const;
export type PrintOption = (typeof PRINT_OPTIONS)[number];
export const SORT_DIRECTIONS = ['desc', 'asc', 'none'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** Orders are listed newest first unless the merchant sorts otherwise. */
export const DEFAULT_SORT_DIRECTION: SortDirection = 'desc';

/** CREATED header click cycles descending → ascending → none → descending. */
export function nextSortDirection(current: SortDirection): SortDirection {
  const i = SORT_DIRECTIONS.indexOf(current);
  return SORT_DIRECTIONS[(i + 1) % SORT_DIRECTIONS.length] ?? DEFAULT_SORT_DIRECTION;
}

/** Infinite scroll applies only with 30 or more orders loaded and not in the single-order view. */
export function shouldInfiniteScroll(loaded: number, singleOrderView: boolean): boolean {
  return loaded >= ORDERS_PAGE_SIZE && !singleOrderView;
}

/** Packing slip download name: '{orderId}-{lastName}-Packing Slip.pdf'. */
export function packingSlipFileName(orderId: string, lastName: string | null | undefined): string {
  return `${orderId}-${lastName ?? ''}-Packing Slip.pdf`;
}

/** Receipt download name: '{orderId}_{lastName}_Receipt.pdf'. */
export function receiptFileName(orderId: string, lastName: string | null | undefined): string {
  return `${orderId}_${lastName ?? ''}_Receipt.pdf`;
}
/** The mark of an order with items held at the distributor ('NextDay' stock). */
export const AT_DISTRIBUTOR_LABEL = 'At Distributor';
