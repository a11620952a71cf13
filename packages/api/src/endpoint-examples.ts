/**
 * Examples for /openapi.json, by operationId: a request body and the success answer of each JSON endpoint.
 * Typed from the endpoint table (a field the schema does not have is a compile error) and parsed with
 * the endpoint's schemas by endpoint-examples.test.ts, so they cannot drift from the contract.
 */
import type { BodyOf, ResponseOf } from './api-client.ts';
import type { User } from './auth.ts';
import type { Batch } from './bulk.ts';
import type { OperationId } from './endpoints.ts';
import type { Merchant } from './merchant.ts';
import type { OrderDetail } from './order-detail.ts';
import type { OrderListItem } from './orders-list.ts';
import type { TeamMember } from './settings.ts';

export type EndpointExamples = {
  [K in OperationId]?: { body?: BodyOf<K>; response?: ResponseOf<K> };
};

const TMK = 'demo-wine';
const ORDER_ID = '2ABNPFR-3A0-9E';
const AT = '2026-11-24T15:04:05.000Z';

const user: User = {
  id: '6f1c2b9e-4a7d-4c1e-9a53-0d8e7f6a5b4c',
  first_name: 'Olive',
  last_name: 'Owner',
  email: 'owner@demo.test',
  phone_number: '(212) 736-5000',
  birthday: null,
  date_created: '2026-01-05T10:00:00.000Z',
  last_login: AT,
  userRoles: ['merch.owner'],
  aux_data: { authorized_merchant: TMK },
  email_verified: true,
  pending_email: null,
  has_password: true,
  password_must_change: false,
};

const merchant: Merchant = {
  id: '0b7d5c2a-8e1f-4d3b-a6c9-2f4e1d0c9b8a',
  tmk: TMK,
  name: 'Demo Wine & Spirits',
  carrier_integration: true,
  merchant_account_id: 'acct_1Demo',
  timezone: 'America/New_York',
  address: {
    street_1: '12 Main St',
    street_2: 'Suite 4',
    street_3: '',
    city: 'New York',
    state: 'NY',
    zipcode: '10001',
  },
  primary_phone: '(212) 736-5000',
  email: 'store@demo.test',
  aux_data: {
    primary_contact_name: 'Pat Primary',
    secondary_contact_name: 'Sam Second',
    secondary_email: 'sam@demo.test',
    secondary_phone_number: '(212) 736-5001',
  },
};

const listItem: OrderListItem = {
  id: ORDER_ID,
  logistic_order_ref: null,
  status: 'SUBMITTED',
  date_submitted: AT,
  printed_timestamp: null,
  application_ref: 'sipsy',
  application_name: 'Sipsy',
  application_brand_name: 'Sipsy',
  delivery: { method: 'on_demand', date: null, window: null },
  courier_estimate_id: null,
  gift_message: null,
  promo_code: null,
  status_recent_comment: null,
  on_track_status: { type: 'SLA0', message: 'On track' },
  recipient: { first_name: 'Rita', last_name: 'Recipient' },
  customer: { first_name: 'Carl', last_name: 'Customer', email: 'carl@example.test' },
  item_quantity: 3,
  has_at_distributor: false,
  transaction: { total: 138.98 },
};

const detail: OrderDetail = {
  id: ORDER_ID,
  logistic_order_ref: null,
  status: 'MERCHANT_ACCEPTED',
  version: 2,
  date_submitted: AT,
  printed_timestamp: null,
  application_name: 'Sipsy',
  application_brand_name: 'Sipsy',
  timezone: 'America/New_York',
  gift_message: { message: 'Happy birthday!' },
  promo_code: null,
  status_recent_comment: null,
  on_track_status: { type: 'SLA0', message: 'On track' },
  delivery: { method: 'on_demand', date: null, window: null },
  courier_estimate_id: null,
  courier_info: null,
  aux_data: {},
  tracking_provider: null,
  tracking_id: null,
  tracking_url: null,
  other_tracking_provider: null,
  recipient: {
    first_name: 'Rita',
    last_name: 'Recipient',
    street_1: '5 Park Ave',
    street_2: 'Apt 3',
    street_3: '',
    city: 'New York',
    state: 'NY',
    zipcode: '10016',
    country: 'US',
    phone_number: '(212) 555-0101',
    delivery_instructions: 'Ring twice',
  },
  customer: {
    first_name: 'Carl',
    last_name: 'Customer',
    phone_number: '(212) 555-0102',
    email: 'carl@example.test',
    last_order: null,
  },
  transaction: {
    subtotal: 138.98,
    tax: 12.33,
    delivery_fee: 5,
    shipping: 0,
    tip: 10,
    discount: 0,
    total: 166.31,
  },
  items: [
    {
      id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
      name: 'Old Harbor Small Batch Bourbon',
      description: '750 mL',
      quantity: 2,
      price: 39.99,
      subtotal: 79.98,
      discount: 0,
      image_spec: null,
      parent_line_item_id: null,
      product: { id: null, container_size: { value: 750, unit: 'mL', formatted: '750 mL' } },
      offering: { id: null, merchant_sku: 'OHB-750', stock_behavior: 'InStock' },
      aux_data: {},
      status_list: [],
    },
  ],
  order_weight: null,
  shipment_info: [],
  maps: {
    static_map_url: `/m/v2/merchant/${TMK}/orders/${ORDER_ID}/map`,
    directions_url: 'https://www.google.com/maps/dir/?api=1&destination=5+Park+Ave%2C+New+York%2C+NY+10016',
    width: 640,
    height: 480,
    zoom: 16,
  },
  rejection_message: {},
  delivery_details: null,
  history: [
    {
      id: 1,
      actor_type: 'merchant',
      actor_name: 'Olive Owner',
      action: 'status',
      from_status: 'SUBMITTED',
      to_status: 'MERCHANT_ACCEPTED',
      comment: null,
      created_at: AT,
    },
  ],
};

const batch: Batch = {
  batch_id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99',
  kind: 'accept',
  state: 'done',
  report_types: [],
  total_count: 2,
  completed_count: 2,
  error_count: 0,
  order_accepted_count: 2,
  order_rejected_count: 0,
  failures: [],
  batch_pdf_urls: { packingslip: null, receipt: null, picklist: null, download: null },
  created_at: AT,
  finished_at: AT,
};

const member: TeamMember = {
  uuid: user.id,
  first_name: 'Mia',
  last_name: 'Member',
  email: 'member@demo.test',
  phone: null,
  last_login: AT,
  date_created: '2026-02-01T09:00:00.000Z',
  roles: [{ name: 'merch.user', label: 'Member' }],
};

const billing = {
  is_business: true,
  individual: {
    first_name: 'Olive',
    last_name: 'Owner',
    email: 'owner@demo.test',
    phone: '(212) 736-5000',
    date_of_birth: '1980-04-12',
    address: { street_address: '1 Home Rd', locality: 'Brooklyn', region: 'NY', postal_code: '11201' },
  },
  funding: {
    descriptor: 'DEMO WINE',
    routing_number: '110000000',
    account_number: '********6789',
    account_number_last_4: '6789',
  },
  business: {
    legal_name: 'Demo Wine & Spirits LLC',
    dba_name: 'Demo Wine & Spirits',
    tax_id: '123456789',
    address: { street_address: '12 Main St', locality: 'New York', region: 'NY', postal_code: '10001' },
  },
  tos_accepted: true,
  updated_at: AT,
};

const hours = {
  regular_hours: [
    { weekday: 'monday', time_open: '09:00', time_close: '21:00' },
    { weekday: 'saturday', time_open: '11:00', time_close: '18:00' },
  ],
};

const label = {
  id: '7e6d5c4b-3a29-4f18-8e07-d6c5b4a39281',
  carrier: 'FedEx',
  service: 'FEDEX_GROUND',
  tracking_code: '794612345678',
  tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=794612345678',
  box_index: 0,
  weight: 4.5,
  insurance: null,
  label_url: `/m/v2/merchant/${TMK}/orders/${ORDER_ID}/labels/7e6d5c4b-3a29-4f18-8e07-d6c5b4a39281.pdf?exp=1795000000&sig=abc`,
};

const ok = { success: true } as const;

export const ENDPOINT_EXAMPLES: EndpointExamples = {
  login: {
    body: { email: 'owner@demo.test', password: 'demo-password-1' },
    response: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZjFjIn0.c2lnbmF0dXJl', user },
  },
  signUp: {
    body: {
      first_name: 'Olive',
      last_name: 'Owner',
      email: 'olive@corner.test',
      password: 'a-long-password-1',
      birthday: '1980-04-12',
    },
    response: { user },
  },
  getUser: { response: user },
  updateUser: {
    body: { email: 'olive@corner.test', password: 'demo-password-1' },
    response: { ...user, pending_email: 'olive@corner.test' },
  },
  resendEmailVerification: { response: { success: true, message: 'We sent the link to olive@corner.test.' } },
  cancelEmailChange: { response: user },
  verifyEmail: {
    body: { token: 'q3Zt8mW1xYc5vB0nK7aR2sD9fG4hJ6lP' },
    response: { success: true, message: 'Your email address is confirmed.', email: 'owner@demo.test' },
  },
  acceptInvitation: {
    body: { token: 'q3Zt8mW1xYc5vB0nK7aR2sD9fG4hJ6lP', new_password: 'a-new-password-2' },
    response: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI2ZjFjIn0.c2lnbmF0dXJl', user },
  },
  requestPasswordToken: { body: { email: 'owner@demo.test' }, response: ok },
  resetPassword: {
    body: { reset_token: 'k1X9dGqV0wZp3yN7sR2uT5vA8bC4eF6h', new_password: 'a-new-password-2' },
    response: ok,
  },
  logout: { response: ok },
  getOidcConfig: {
    response: { enabled: true, provider: 'Google', google: true, start_path: '/a/v2/oidc/start' },
  },
  listTeam: { response: { items: [member] } },
  inviteUser: {
    body: { first_name: 'Mia', last_name: 'Member', email: 'member@demo.test', role: 'merch.user' },
    response: { user: member },
  },
  getUserRoles: { response: { items: [{ name: 'merch.user', label: 'Member' }] } },
  setUserRoles: {
    body: { roles: ['merch.manager'] },
    response: { ...member, roles: [{ name: 'merch.manager', label: 'Manager' }] },
  },
  revokeUser: { body: { authorized_merchant: null }, response: { success: true, message: 'Access revoked' } },
  getMerchant: { response: merchant },
  updateMerchant: {
    body: {
      name: 'Demo Wine & Spirits',
      address: {
        street_1: '12 Main St',
        street_2: 'Suite 4',
        city: 'New York',
        state: 'NY',
        zipcode: '10001',
      },
      primary_phone: '212-736-5000',
      email: 'store@demo.test',
      timezone: 'America/New_York',
    },
    response: merchant,
  },
  updateMerchantData: {
    body: {
      primary_contact_name: 'Pat Primary',
      secondary_contact_name: 'Sam Second',
      secondary_email: 'sam@demo.test',
      secondary_phone_number: '2127365001',
    },
    response: merchant,
  },
  getMerchantHours: { response: hours },
  replaceMerchantHours: { body: hours, response: hours },
  getCarrierAccount: {
    response: { carrier: 'FedEx', account_number: '******8877', label_size: '4x6', label_format: 'PDF' },
  },
  saveCarrierAccount: {
    body: { carrier: 'FedEx', account_number: 'FX-998877', label_size: '4x6', label_format: 'PDF' },
    response: { carrier: 'FedEx', account_number: '******8877', label_size: '4x6', label_format: 'PDF' },
  },
  getStripeAccount: { response: { merchant_account_id: 'acct_1Demo' } },
  getBilling: { response: billing },
  saveBilling: {
    body: {
      is_business: true,
      individual: billing.individual,
      funding: { routing_number: '110-000-000', account_number: '000123456789', descriptor: 'DEMO WINE' },
      business: { ...billing.business, tax_id: '12-3456789' },
      tos_accepted: true,
    },
    response: { success: true, errors: {}, billing },
  },
  getStripeOnboarding: {
    response: {
      merchant_account_id: 'acct_1Demo',
      complete: false,
      onboarding_data: { url: 'https://connect.stripe.com/setup/s/acct_1Demo/abc' },
      login_link: null,
    },
  },
  listOfferings: {
    response: {
      items: [
        {
          id: 'OHB-750',
          offering_id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
          price: 39.99,
          quantity: 24,
          is_active: true,
          stock_behavior: 'InStock',
          selling_with_provider: true,
          updated_at: AT,
          product: {
            tpk: 'P-1001',
            product_line: { name: 'Small Batch Bourbon', brand: { name: 'Old Harbor' } },
            container_size: { formatted: '750 mL' },
          },
          merchant: { name: 'Demo Wine & Spirits' },
        },
      ],
      total_rows: 1,
      received_at: AT,
    },
  },
  listOrders: {
    response: {
      items: [listItem],
      timezone: 'America/New_York',
      next_url: `/m/v2/merchant/${TMK}/orders/optimized?filter%5Btab%5D=active&cursor=eyJkIjoiMjAyNiJ9`,
      prev_url: null,
      total_rows: 1,
      total_rows_capped: false,
      current_filter: [{ name: 'tab', value: 'active' }],
      current_sort: [{ name: 'date', value: 'desc' }],
      available_filters: ['tab', 'application_ref', 'delivery_method', 'search'],
      available_sorts: [{ name: 'date', values: ['asc', 'desc'] }],
    },
  },
  searchOrders: {
    response: {
      items: [listItem],
      timezone: 'America/New_York',
      next_url: null,
      prev_url: null,
      total_rows: 1,
      total_rows_capped: false,
      current_filter: [{ name: 'search', value: '2ABNPFR' }],
      current_sort: [{ name: 'date', value: 'desc' }],
      available_filters: ['tab', 'application_ref', 'delivery_method', 'search'],
      available_sorts: [{ name: 'date', values: ['asc', 'desc'] }],
    },
  },
  getOrderCounts: { response: { active: 12, on_hold: 1, cancelled: 4, completed: 630 } },
  getReportsSummary: {
    response: {
      from: '2026-11-22',
      to: '2026-11-23',
      timezone: 'America/New_York',
      orders: 9,
      revenue: 642.5,
      accepted: 7,
      rejected: 1,
      cancelled: 1,
      median_minutes_to_accept: 6,
      on_time: { rate: 0.8571, on_time: 6, late: 1 },
      by_day: [
        { date: '2026-11-22', orders: 4, accepted: 3, rejected: 1, cancelled: 0, revenue: 281.25 },
        { date: '2026-11-23', orders: 5, accepted: 4, rejected: 0, cancelled: 1, revenue: 361.25 },
      ],
      by_brand: [{ application_ref: 'caskcrate', name: 'Cask & Crate', orders: 9, revenue: 642.5 }],
      by_delivery_method: [
        { delivery_method: 'on_demand', label: 'Same Day', orders: 6, revenue: 402.5 },
        { delivery_method: 'shipping', label: 'Shipping', orders: 3, revenue: 240 },
      ],
      by_rejection_reason: [{ reason: 'store_closed', label: 'Store closed', orders: 1 }],
    },
  },
  getOrderFilters: {
    response: {
      items: [
        {
          name: 'application',
          options: [{ name: 'Sipsy', uuid: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9', ref: 'sipsy' }],
        },
        { name: 'delivery_methods', options: [{ name: 'on_demand' }, { name: 'shipping' }] },
      ],
    },
  },
  createEventsTicket: { response: { ticket: 'mQ2v8XkP0aZr5tLw3yN9bC7dE1fG4hJ6', expires_in: 60 } },
  getOrder: { response: detail },
  updateOrder: { body: { status: 'MERCHANT_ACCEPTED' }, response: detail },
  saveOrderData: {
    body: { tracking_provider: 'FedEx', tracking_id: '794612345678' },
    response: { ...detail, tracking_provider: 'FedEx', tracking_id: '794612345678' },
  },
  requestCourier: {
    body: { courier_info: { number_of_package: 2, pickup_instructions: 'Side door' } },
    response: { ...detail, status: 'MERCHANT_SHIPPED' },
  },
  shipOrder: { body: { status: 'MERCHANT_SHIPPED' }, response: { ...detail, status: 'MERCHANT_SHIPPED' } },
  failedDelivery: {
    body: { reason: 'no_one_home', note: 'Rang twice, no answer' },
    response: {
      ...detail,
      status: 'MERCHANT_ACCEPTED',
      failed_delivery: { attempts: 1, suggest_cancel: false },
    },
  },
  buyLabels: {
    body: [{ weight: 4.5 }, { weight: 2, insurance: 100 }],
    response: {
      order_id: ORDER_ID,
      status: 'MERCHANT_SHIPPED',
      idempotency_key: '2f1e0d9c-8b7a-4695-a4b3-c2d1e0f9a8b7',
      tracking_provider: 'FedEx',
      tracking_id: '794612345678',
      tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=794612345678',
      shipping_labels: [label],
    },
  },
  listLabels: { response: [label] },
  sendDirectionsSms: {
    body: { number: '(212) 555-0101', order_id: ORDER_ID },
    response: {
      success: true,
      to: '+12125550101',
      message:
        'Rita Recipient, 5 Park Ave Apt 3, New York, NY 10016, (212) 555-0101. Directions: https://maps.google.com/?q=5+Park+Ave',
    },
  },
  bulkAcceptOrders: {
    body: {
      orders: [
        { id: ORDER_ID, status: 'MERCHANT_ACCEPTED' },
        { id: '7QWERTY-1B2-3C', status: 'MERCHANT_ACCEPTED' },
      ],
    },
    response: batch,
  },
  startDetailsBatch: {
    body: { items: [ORDER_ID, '7QWERTY-1B2-3C'] },
    response: {
      ...batch,
      kind: 'details',
      state: 'running',
      completed_count: 0,
      order_accepted_count: 0,
      finished_at: null,
    },
  },
  startReportsBatch: {
    body: { order_keys: [ORDER_ID], report_types: ['receipt', 'packingslip', 'picklist'] },
    response: {
      ...batch,
      kind: 'reports',
      state: 'running',
      report_types: ['receipt', 'packingslip', 'picklist'],
      total_count: 1,
      completed_count: 0,
      order_accepted_count: 0,
      finished_at: null,
    },
  },
  getBatch: { response: batch },
  listBatches: {
    response: {
      items: [
        {
          ...batch,
          batch_id: '5e4d3c2b-1a09-4f8e-8d7c-6b5a4e3d2c1b',
          kind: 'details',
          state: 'running',
          completed_count: 1,
          order_accepted_count: 0,
          finished_at: null,
        },
        batch,
      ],
    },
  },
  placeOrder: {
    body: {
      merchant: TMK,
      application_ref: 'sipsy',
      application_name: 'Sipsy',
      delivery: { method: 'on_demand' },
      recipient: {
        first_name: 'Rita',
        last_name: 'Recipient',
        street_1: '5 Park Ave',
        city: 'New York',
        state: 'NY',
        zipcode: '10016',
      },
      customer: { first_name: 'Carl', last_name: 'Customer', email: 'carl@example.test' },
      items: [{ merchant_sku: 'OHB-750', quantity: 2, category: 'Whiskey', gift_wrap: true }],
    },
    response: { id: ORDER_ID, status: 'SUBMITTED', merchant: TMK },
  },
  reportMarketplaceEvent: {
    body: { type: 'customer_cancelled', comment: 'Changed my mind' },
    response: { id: ORDER_ID, status: 'CANCELLED', merchant: TMK },
  },
  listMarketplaceOfferings: {
    response: {
      items: [
        {
          id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
          merchant_sku: 'OHB-750',
          name: 'Old Harbor Small Batch Bourbon',
          price: 39.99,
        },
      ],
    },
  },
  receiveDoordashEvent: {
    body: {
      event_name: 'DASHER_PICKED_UP',
      external_delivery_id: 'D-2ABNPFR-3A0-9E',
      created_at: AT,
      dasher_name: 'Dana D.',
      tracking_url: 'https://track.doordash.com/share/abc',
    },
    response: { received: true, matched: true },
  },
};
