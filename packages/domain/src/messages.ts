/**
 * Every user-facing toast and message of the spec, written once.
 * Texts are verbatim; '{provider}' / 'the provider' placeholders use PROVIDER_NAME.
 */
import { PROVIDER_NAME, RESET_EMAIL_DELAY_MINUTES } from './constants.ts';
import { LABEL_ERROR_MESSAGES, LABEL_ERRORS_APOLOGY, NO_CARRIER_MESSAGE } from './label-errors.ts';
import { centsToDollars, dollarsToCents, formatUsd } from './money.ts';

export const MSG = {
  // Transport and generic
  SOMETHING_WENT_WRONG: 'Something went wrong',
  UNHANDLED_ERROR: 'Unhandled Error',

  // Accounts
  SIGN_UP_EMAIL_EXISTS: 'The email entered already exists. Have you Forgot your password',
  FORGOT_EMAIL_NOT_FOUND: 'The email entered does not exists. Please review and try again',
  RESET_FAILED_TOAST: 'There was an error trying to update your password',
  RESET_FAILED_FORM: 'There was a problem trying to update your password. Please try again',
  INSTRUCTIONS_SENT: 'Instructions Sent',
  SEND_INSTRUCTIONS: 'Send Instructions',
  RESEND_INSTRUCTIONS: 'Resend Instructions',
  RESET_EMAIL_DELAY_NOTE: `Emails may take up to ${RESET_EMAIL_DELAY_MINUTES} minutes to arrive.`,
  RESET_TITLE: 'Enter a New Password',
  PASSWORD_UPDATED: 'Password Updated successfully',
  PAYMENTS_BANNER: 'Your settings are incomplete. Click here to set up payments in order to receive orders',
  /** The banner's one line on a phone, where the full sentence took three (docs/decisions/0133). */
  PAYMENTS_BANNER_SHORT: 'Set up payments to receive orders',
  PAYMENTS_BANNER_SHORT_ASK_OWNER: 'No orders until the owner sets up payments',
  /** Our text for a role that may not open billing (the spec's banner links to it). */
  PAYMENTS_BANNER_ASK_OWNER:
    'Your store cannot receive orders until payments are set up. Please ask the store owner to set up payments.',

  // Pages
  ERROR_TITLE: 'Error Occurred!',
  ERROR_TEXT: 'Please try again later.',
  GO_BACK_HOME: 'Go Back Home',
  LOAD_ERROR_TITLE: 'The console did not load',
  LOAD_ERROR_TEXT: 'Check your internet connection, then reload the page.',
  RELOAD_PAGE: 'Reload Page',
  NOT_FOUND_CODE: 'Error Code: 404',
  NOT_FOUND_TITLE: 'Opps! Sorry we could not find the page.',
  NOT_FOUND_TEXT: 'It may have been moved or deleted.',
  REPORTS_COMING_SOON: 'Coming Soon...',

  // Orders list and search
  ORDER_UPDATE_FAILED: 'Failed to update order status. Please try again.',
  PAYMENT_DECLINED: 'PAYMENT DECLINED. Do NOT fulfill this order!!!! Order can be reviewed on Cancelled tab.',
  ORDERS_FETCH_ERROR: 'There was an error fetching your orders. Please contact Support.',
  SEARCH_NO_RESULTS: 'No results found. Please try different criteria.',
  SEARCH_NO_RESULTS_NAME: 'No results found. Please try different name.',
  ORDER_ID_HINT: `Please enter a valid ${PROVIDER_NAME} Order ID. For example: 2ABNPFR-3A0-9E`,
  NO_ORDERS_FOR_CRITERIA: 'No orders for the current search criteria',
  NO_ORDERS_AVAILABLE: 'No orders available',
  ORDERS_LOAD_FAILED: 'The orders could not be loaded.',
  RETRY: 'Try again',
  END_OF_PAGE: 'End of Page',
  NO_COMMENT: 'None',

  // Order detail and printing
  ORDER_UPDATED: 'Order was updated successfully!',
  ORDER_REJECT_FAILED: 'Error occurred trying to rejected the order',
  RECEIPT_DOWNLOADED: 'Receipt downloaded successfully!',
  RECEIPT_FAILED: "Something went wrong, couldn't download the Receipt.",
  PACKING_SLIP_DOWNLOADED: 'Print Packaging Slip downloaded successfully!',
  PACKING_SLIP_FAILED: "Something went wrong, couldn't download the Print Packaging Slip",
  PACKING_SLIP_LIST_DOWNLOADED: 'Packing slip downloaded successfully!',
  DIRECTIONS_SEND_FAILED: 'There was an error trying to send the message',
  DELIVERY_STATUS_UPDATED: 'Delivery status updated successfully!',
  DELIVERY_DETAILS_SAVED: 'Delivery details were saved successfully!',
  COURIER_DETAILS_SAVED: 'Courier details were saved successfully!',
  TRACKING_SAVED: 'Tracking details were saved successfully!',
  TRACKING_SAVE_FAILED: "Something went wrong, tracking details weren't saved.",
  READY_TO_SHIP: "You're ready to ship!",
  /** Our texts for changing a shipped order's tracking (the spec's dialog only covers shipping it). */
  TRACKING_TITLE: 'Tracking Information',
  EDIT_TRACKING_TITLE: 'Edit Tracking',
  EDIT_TRACKING_HINT: 'The order has shipped: correct the carrier or the tracking number the customer sees.',

  // Shipping labels
  LABELS_CREATED: 'Shipping label(s) created successfully!',
  LABELS_DOWNLOADING: 'Downloading shipping label(s)...',
  LABELS_DOWNLOADED: 'Shipping label(s) downloaded successfully!',
  NO_LABELS: 'There are no shipping labels to be printed.',
  LABELS_PRINT_ERROR: 'Error on printing shipping labels',
  LABEL_ERROR_GENERAL: LABEL_ERROR_MESSAGES.GENERAL,
  LABEL_ERRORS_APOLOGY,
  NO_CARRIER: NO_CARRIER_MESSAGE,

  // Bulk tools
  BULK_PROCESSING: 'Processing selected orders',
  BULK_DETAILS_SUCCESS: 'Selected order details downloaded successfully',
  BULK_DETAILS_PARTIAL: 'Some order details could not be downloaded',
  BULK_DETAILS_FAILED: 'Selected order details could not be downloaded, Please try again',
  BULK_DETAILS_ERROR: 'Error on downloading selected order details, Please try again',
  BULK_REPORTS_SUCCESS: 'Selected order reports downloaded successfully',
  BULK_REPORTS_PARTIAL: 'Some order reports could not be downloaded',
  BULK_REPORTS_FAILED: 'Selected order reports could not be downloaded, Please try again',
  BULK_REPORTS_ERROR: 'Error on downloading selected order reports, Please try again',
  BULK_ACCEPTED: 'Accepted selected orders',
  BULK_ACCEPT_REJECTED: 'Accept request rejected',
  BULK_ACCEPT_PARTIAL: 'Some accept request rejected',
  BULK_ACCEPT_ERROR: 'Error on accepting selected orders, Please try again',
  BULK_TAKING_LONGER:
    "Your download is taking longer than expected. We'll send you an email with the download attached when it's ready.",

  // Settings
  BILLING_UPDATED: 'Billing information updated successfully!',
  BILLING_FAILED: "Something went wrong. Billing information wasn't updated.",
  BILLING_MANDATORY: 'Please check the mandatory fields',
  BILLING_NO_ACCOUNT: `There was an issue creating your Stripe payment account. Please contact your ${PROVIDER_NAME} representative.`,
  STRIPE_ONBOARDING_HEADING: 'Please Complete Stripe Onboarding',
  COMPANY_SAVED: 'Company changes saved successfully!',
  HOURS_SAVED: 'Delivery hours saved successfully!',
  STORE_SAVE_FAILED: "Something went wrong, changes weren't saved.",
  PROFILE_SAVED: 'Changes saved successfully!',
  REVOKE_FAILED: 'Something went wrong while revoking access...',
  REVOKE_RETRYING: 'Retrying...',
  REVOKE_SUCCESS: 'Access revoked successfully!',
  TEAM_LOAD_FAILED:
    'Whoops, we are sorry but something went wrong. This incident was already reported and we will fix it soon.',
  CARRIER_SAVED: 'Changes saved successfully!',
  CARRIER_SAVE_FAILED: "Changes weren't saved.",
  TEAM_TITLE: 'Invite, Edit or Remove',
  SETTINGS_TITLE: 'Settings',
  DEVELOPERS_LINK: 'Developers Information',
  SELLING_WITH_PROVIDER: `Selling with ${PROVIDER_NAME}`,
} as const;
export type MessageKey = keyof typeof MSG;

/** "Something went wrong, the order {id} wasn't updated." */
export function orderNotUpdatedMessage(id: string | number): string {
  return `Something went wrong, the order ${id} wasn't updated.`;
}

/** 'We have sent directions to {phone}' */
export function directionsSentMessage(phone: string): string {
  return `We have sent directions to ${phone}`;
}

/** 'Previous download in progress, please try after {n} second(s).' */
export function downloadInProgressMessage(seconds: number): string {
  return `Previous download in progress, please try after ${seconds} second(s).`;
}

/** "{name}'s role updated successfully!" */
export function roleUpdatedMessage(name: string): string {
  return `${name}'s role updated successfully!`;
}

/** "Something went wrong, {name}'s role wasn't updated." */
export function roleUpdateFailedMessage(name: string): string {
  return `Something went wrong, ${name}'s role wasn't updated.`;
}

/** '{n} selected' (BRANDS filter). */
export function selectedCountText(n: number): string {
  return `${n} selected`;
}

/** Bulk accept outcome toast from the counts. */
export function bulkAcceptMessage(counts: { order_accepted_count: number; order_rejected_count: number }): {
  message: string;
  level: 'success' | 'warning' | 'error';
} {
  const { order_accepted_count: ok, order_rejected_count: bad } = counts;
  if (bad === 0) return { message: MSG.BULK_ACCEPTED, level: 'success' };
  if (ok === 0) return { message: MSG.BULK_ACCEPT_REJECTED, level: 'error' };
  return { message: MSG.BULK_ACCEPT_PARTIAL, level: 'warning' };
}

/**
 * Bulk accept asks first (docs/decisions/0087): accepting captures each customer's payment. The question names
 * the count, the text the sum of the selected orders' totals (docs/decisions/0087).
 */
export function bulkAcceptConfirm(totals: readonly number[]): {
  title: string;
  message: string;
  confirm: string;
} {
  const n = totals.length;
  const sum = centsToDollars(totals.reduce((cents, t) => cents + dollarsToCents(t), 0));
  return {
    title:
      n === 1
        ? "Accept 1 order and charge the customer's card?"
        : `Accept ${n} orders and charge the customers' cards?`,
    message: `${n === 1 ? 'The selected order totals' : `The ${n} selected orders total`} ${formatUsd(sum)}. Each customer's card is charged for their order.`,
    confirm: n === 1 ? 'Accept and charge 1 order' : `Accept and charge ${n} orders`,
  };
}

/** Bulk download outcome toast from the batch counts. */
export function bulkDownloadMessage(
  kind: 'details' | 'reports',
  counts: { total_count: number; completed_count: number; error_count: number },
): { message: string; level: 'success' | 'warning' | 'error' } {
  const m =
    kind === 'details'
      ? { ok: MSG.BULK_DETAILS_SUCCESS, some: MSG.BULK_DETAILS_PARTIAL, none: MSG.BULK_DETAILS_FAILED }
      : { ok: MSG.BULK_REPORTS_SUCCESS, some: MSG.BULK_REPORTS_PARTIAL, none: MSG.BULK_REPORTS_FAILED };
  if (counts.error_count === 0) return { message: m.ok, level: 'success' };
  if (counts.error_count >= counts.total_count || counts.completed_count === 0)
    return { message: m.none, level: 'error' };
  return { message: m.some, level: 'warning' };
}

/** Inventory 'Submit Issue' support email. */
export function inventoryIssueEmail(input: { merchantName: string; merchantId: string; tpk: string }): {
  subject: string;
  body: string;
} {
  return {
    subject: `Merchant Dashboard Inventory Page - ${input.merchantName} (${input.merchantId})`,
    body: [
      'Please describe the issue with this inventory item and the outcome you would like. Our team will get back to you.',
      '',
      `Merchant name: ${input.merchantName}`,
      `TPK: ${input.tpk}`,
      '',
      'Issue description: <describe the issue>',
      'Desired outcome: <describe the desired outcome>',
    ].join('\n'),
  };
}
