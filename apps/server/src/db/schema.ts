/**
 * The whole database: one Drizzle schema for PGlite and PostgreSQL (same migrations).
 * Money is integer cents; the API converts to dollars at the edge.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => tstz('created_at').notNull().defaultNow();

// ---------------------------------------------------------------- merchants

export const merchants = pgTable('merchants', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The merchant key used in paths ({tmk}). */
  tmk: text('tmk').notNull().unique(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull().default('America/New_York'),
  street_1: text('street_1').notNull().default(''),
  street_2: text('street_2').notNull().default(''),
  street_3: text('street_3').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zipcode: text('zipcode').notNull().default(''),
  primary_phone: text('primary_phone').notNull().default(''),
  email: text('email').notNull().default(''),
  aux_data: jsonb('aux_data').$type<Record<string, unknown>>().notNull().default({}),
  /** Payment provider account; null while onboarding is incomplete (drives the banner). */
  merchant_account_id: text('merchant_account_id'),
  payments_onboarded: boolean('payments_onboarded').notNull().default(false),
  created_at: createdAt(),
  updated_at: tstz('updated_at').notNull().defaultNow(),
});

export const merchantHours = pgTable(
  'merchant_hours',
  {
    merchant_id: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    weekday: text('weekday').notNull(),
    time_open: text('time_open').notNull(),
    time_close: text('time_close').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchant_id, t.weekday] })],
);

/** Billing form data (the settings billing page). Bank account stored as last 4 only plus a sealed copy. */
export const merchantPayments = pgTable('merchant_payments', {
  merchant_id: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  tos_accepted: boolean('tos_accepted').notNull().default(false),
  updated_at: tstz('updated_at').notNull().defaultNow(),
});

export const carrierAccounts = pgTable('carrier_accounts', {
  merchant_id: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  carrier: text('carrier').notNull(),
  account_number: text('account_number').notNull(),
  label_size: text('label_size').notNull().default('4x6'),
  label_format: text('label_format').notNull().default('PDF'),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  updated_at: tstz('updated_at').notNull().defaultNow(),
});

/** Kept per-tab counts, maintained by a trigger on orders (never a scan). */
export const merchantTabCounts = pgTable(
  'merchant_tab_counts',
  {
    merchant_id: uuid('merchant_id').notNull(),
    tab: text('tab').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchant_id, t.tab] })],
);

/**
 * Kept reports figures per store, local day, breakdown (dim), key and write slot, maintained by a statement
 * trigger on orders (migration 0016, docs/decisions/0146); the reports summary sums them.
 */
export const reportDayFigures = pgTable(
  'report_day_figures',
  {
    merchant_id: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    dim: smallint('dim').notNull(),
    key: text('key').notNull(),
    slot: smallint('slot').notNull(),
    orders: integer('orders').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    revenue_cents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
    on_time: integer('on_time').notNull().default(0),
    late: integer('late').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.merchant_id, t.day, t.dim, t.key, t.slot] })],
);

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    phone_number: text('phone_number'),
    /** argon2id; null for an account that signs in only through OpenID (decision 0113). */
    password_hash: text('password_hash'),
    /** When the address was proven (a verification link, a verified OpenID sign-in, an accepted invitation). */
    email_verified_at: tstz('email_verified_at'),
    /** A temporary password from an old invitation: the next sign-in must set a new one. */
    password_must_change: boolean('password_must_change').notNull().default(false),
    /** The last fresh OpenID sign-in: re-authenticates account changes of an OpenID-only account for 5 minutes. */
    oidc_authenticated_at: tstz('oidc_authenticated_at'),
    birthday: date('birthday', { mode: 'string' }),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    authorized_merchant_id: uuid('authorized_merchant_id').references(() => merchants.id),
    created_at: createdAt(),
    last_login_at: tstz('last_login_at'),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_merchant_idx').on(t.authorized_merchant_id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    expires_at: tstz('expires_at').notNull(),
    revoked_at: tstz('revoked_at'),
    user_agent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: tstz('expires_at').notNull(),
    used_at: tstz('used_at'),
    created_at: createdAt(),
  },
  (t) => [index('password_reset_user_idx').on(t.user_id)],
);

/** OpenID identities linked to an account: later sign-ins match on (issuer, subject) before email. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    created_at: createdAt(),
    last_sign_in_at: tstz('last_sign_in_at'),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_uq').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.user_id),
  ],
);

/**
 * Single-use links mailed to prove an address: 'verify_email' (24 h), 'change_email' (24 h, the new address
 * is `email` until confirmed), 'invitation' (7 days, sets the invited person's password). Stored as SHA-256.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'change_email', 'invitation'] }).notNull(),
    email: text('email').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: tstz('expires_at').notNull(),
    used_at: tstz('used_at'),
    created_at: createdAt(),
  },
  (t) => [index('email_tokens_user_purpose_idx').on(t.user_id, t.purpose)],
);

/**
 * Single-use tickets that open one event stream (EventSource cannot send a bearer header): stored as
 * SHA-256, bound to a session and a merchant, live 60 seconds, gone with their session.
 */
export const eventStreamTickets = pgTable(
  'event_stream_tickets',
  {
    ticket_hash: text('ticket_hash').primaryKey(),
    session_id: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    merchant_id: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    expires_at: tstz('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('event_stream_tickets_expires_idx').on(t.expires_at),
    index('event_stream_tickets_session_idx').on(t.session_id),
  ],
);

/** Consecutive login failures per (email, address), for the login rate limit. */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    count: integer('count').notNull().default(0),
    last_failed_at: tstz('last_failed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.ip] })],
);

/**
 * Fixed-window request counters every API process shares (sign-up per client address and per email domain):
 * `count` requests since `window_started_at` in (bucket, key).
 */
export const requestCounters = pgTable(
  'request_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    window_started_at: tstz('window_started_at').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'request_counters_pk', columns: [t.bucket, t.key] })],
);

// ---------------------------------------------------------------- catalogue

/** Marketplace applications (brands orders come through), filter 'application'. */
export const applications = pgTable('applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  ref: text('ref').notNull().unique(),
  name: text('name').notNull(),
  brand_name: text('brand_name').notNull(),
});

export const productBrands = pgTable('product_brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

export const productLines = pgTable('product_lines', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  brand_id: uuid('brand_id')
    .notNull()
    .references(() => productBrands.id),
});

export const containerSizes = pgTable('container_sizes', {
  id: uuid('id').primaryKey().defaultRandom(),
  value: numeric('value', { precision: 10, scale: 3, mode: 'number' }).notNull(),
  unit: text('unit').notNull(),
  formatted: text('formatted').notNull().unique(),
});

export const products = pgTable('products', {
  id: uuid('id').primaryKey().defaultRandom(),
  tpk: text('tpk').notNull().unique(),
  product_line_id: uuid('product_line_id')
    .notNull()
    .references(() => productLines.id),
  container_size_id: uuid('container_size_id').references(() => containerSizes.id),
  description: text('description').notNull().default(''),
  image_spec: text('image_spec'),
  /** The kind of product ('Whiskey') a catalogue sync gave (migration 0015, docs/decisions/0141); the intake's default for an order line's category. */
  category: text('category'),
});

export const offerings = pgTable(
  'offerings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchant_id: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    product_id: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** Retailer item code. */
    merchant_sku: text('merchant_sku').notNull(),
    price_cents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull().default(0),
    is_active: boolean('is_active').notNull().default(true),
    stock_behavior: text('stock_behavior').notNull().default('Standard'),
    selling_with_provider: boolean('selling_with_provider').notNull().default(true),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('offerings_merchant_idx').on(t.merchant_id),
    uniqueIndex('offerings_merchant_sku_idx').on(t.merchant_id, t.merchant_sku),
  ],
);

// ---------------------------------------------------------------- orders

export interface OrderRecipient {
  first_name: string;
  last_name: string;
  street_1: string;
  street_2: string;
  street_3: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  phone_number: string;
  delivery_instructions: string;
}
export interface OrderCustomer {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  last_order: string | null;
}

export const orders = pgTable(
  'orders',
  {
    /** The provider's order id, e.g. 2ABNPFR-3A0-9E. */
    id: text('id').primaryKey(),
    merchant_id: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    application_id: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    /** Copy of applications.ref so the brand filter needs no join. */
    application_ref: text('application_ref').notNull(),
    /**
     * Copies of the application's name and brand name, which never change after intake: the orders list
     * reads them from the row (migration 0018, docs/decisions/0149). Intake writes them; a trigger fills
     * them for an insert that leaves them out and follows a change of application_id.
     */
    application_name: text('application_name').notNull(),
    application_brand_name: text('application_brand_name').notNull(),
    logistic_order_ref: text('logistic_order_ref'),
    status: text('status').notNull(),
    /** List tab of the status; set by a trigger from order_tab(status) so it can never drift. */
    tab: text('tab').notNull().default('active'),
    date_submitted: tstz('date_submitted').notNull(),
    printed_timestamp: tstz('printed_timestamp'),
    delivery_method: text('delivery_method').notNull(),
    delivery_date: date('delivery_date', { mode: 'string' }),
    delivery_window_start: tstz('delivery_window_start'),
    delivery_window_end: tstz('delivery_window_end'),
    courier_estimate_id: text('courier_estimate_id'),
    courier_info: jsonb('courier_info').$type<Record<string, unknown>>(),
    aux_data: jsonb('aux_data').$type<Record<string, unknown>>().notNull().default({}),
    gift_message: text('gift_message'),
    promo_code: text('promo_code'),
    status_recent_comment: text('status_recent_comment'),
    tracking_provider: text('tracking_provider'),
    tracking_id: text('tracking_id'),
    tracking_url: text('tracking_url'),
    other_tracking_provider: text('other_tracking_provider'),
    recipient: jsonb('recipient').$type<OrderRecipient>().notNull(),
    customer: jsonb('customer').$type<OrderCustomer>().notNull(),
    /** Denormalised for search (trigram indexes). */
    recipient_name: text('recipient_name').notNull(),
    /** The buyer's first and last name (the name search matches it or the recipient's). */
    customer_name: text('customer_name').notNull().default(''),
    customer_email: text('customer_email').notNull(),
    subtotal_cents: integer('subtotal_cents').notNull().default(0),
    tax_cents: integer('tax_cents').notNull().default(0),
    delivery_fee_cents: integer('delivery_fee_cents').notNull().default(0),
    shipping_cents: integer('shipping_cents').notNull().default(0),
    tip_cents: integer('tip_cents').notNull().default(0),
    discount_cents: integer('discount_cents').notNull().default(0),
    total_cents: integer('total_cents').notNull().default(0),
    item_quantity: integer('item_quantity').notNull().default(0),
    has_at_distributor: boolean('has_at_distributor').notNull().default(false),
    order_weight: numeric('order_weight', { precision: 10, scale: 2, mode: 'number' }),
    rejection_message: jsonb('rejection_message').$type<Record<string, unknown>>(),
    delivery_details: jsonb('delivery_details').$type<Record<string, unknown>>(),
    payment_ref: text('payment_ref'),
    /** Bumped by every change that announces an order event: status changes and data edits (decision 0128). */
    version: integer('version').notNull().default(1),
    created_at: createdAt(),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_merchant_date_idx').on(t.merchant_id, t.date_submitted.desc(), t.id.desc()),
    index('orders_merchant_tab_date_idx').on(t.merchant_id, t.tab, t.date_submitted.desc(), t.id.desc()),
    // Search: trigram GIN indexes led by the merchant (btree_gin), so a common name in other stores costs nothing.
    index('orders_merchant_recipient_trgm_idx').using(
      'gin',
      t.merchant_id,
      sql`${t.recipient_name} gin_trgm_ops`,
    ),
    index('orders_merchant_email_trgm_idx').using(
      'gin',
      t.merchant_id,
      sql`${t.customer_email} gin_trgm_ops`,
    ),
    index('orders_merchant_customer_name_trgm_idx').using(
      'gin',
      t.merchant_id,
      sql`${t.customer_name} gin_trgm_ops`,
    ),
    // Also in migration 0002, which drizzle-kit cannot express: orders_merchant_tab_method_date_idx on
    // (merchant_id, tab, delivery_method, date_submitted DESC, id DESC) INCLUDE (application_ref), for the
    // filtered list and its capped count (an index-only scan).
    // Also only in migration 0005 (reports): columns accepted_at and fulfilled_at, kept from order_history by a
    // trigger, and orders_merchant_date_report_idx (merchant_id, date_submitted) INCLUDE (id, status, …).
    // Also only in migration 0007 (short searches, decision 0100): mc_short_grams(text) and the GIN indexes
    // orders_merchant_recipient_grams_idx / orders_merchant_email_grams_idx on (merchant_id, mc_short_grams(…)),
    // and from migration 0013 orders_merchant_customer_name_grams_idx the same way.
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    order_id: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    offering_id: uuid('offering_id'),
    product_id: uuid('product_id'),
    parent_line_item_id: uuid('parent_line_item_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    quantity: integer('quantity').notNull(),
    price_cents: integer('price_cents').notNull(),
    subtotal_cents: integer('subtotal_cents').notNull(),
    discount_cents: integer('discount_cents').notNull().default(0),
    image_spec: text('image_spec'),
    merchant_sku: text('merchant_sku'),
    stock_behavior: text('stock_behavior'),
    container_size: jsonb('container_size').$type<{ value: number; unit: string; formatted: string }>(),
    aux_data: jsonb('aux_data').$type<Record<string, unknown>>().notNull().default({}),
    status_list: text('status_list').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.order_id)],
);

export const orderHistory = pgTable(
  'order_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    order_id: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    actor_type: text('actor_type').notNull(),
    actor_user_id: uuid('actor_user_id'),
    actor_name: text('actor_name'),
    action: text('action').notNull(),
    from_status: text('from_status'),
    to_status: text('to_status'),
    comment: text('comment'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    created_at: createdAt(),
  },
  (t) => [index('order_history_order_idx').on(t.order_id, t.id)],
);

/**
 * Order events waiting to be published: written in the transaction of the change they announce (so a
 * rolled-back change announces nothing), deleted by the relay (modules/orders/events/order-events-relay.ts)
 * in the statement that publishes them.
 */
export const orderEventOutbox = pgTable('order_event_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The OrderEvent (context.ts) as the consoles receive it. */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  created_at: createdAt(),
});

/** Shipment info entries: one per bought label box (or entered tracking). */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    order_id: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    purchase_id: uuid('purchase_id'),
    carrier: text('carrier').notNull(),
    service: text('service'),
    tracking_code: text('tracking_code').notNull(),
    tracking_url: text('tracking_url'),
    box_index: integer('box_index').notNull().default(1),
    weight: numeric('weight', { precision: 10, scale: 2, mode: 'number' }),
    insurance: numeric('insurance', { precision: 10, scale: 2, mode: 'number' }),
    label_pdf: bytea('label_pdf'),
    created_at: createdAt(),
  },
  (t) => [index('shipments_order_idx').on(t.order_id)],
);

/** Idempotent label purchases: the key is stored before the carrier is called. */
export const labelPurchases = pgTable(
  'label_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchant_id: uuid('merchant_id').notNull(),
    order_id: text('order_id').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    request_hash: text('request_hash').notNull(),
    state: text('state').notNull().default('pending'),
    response_status: integer('response_status'),
    response: jsonb('response').$type<Record<string, unknown>>(),
    created_at: createdAt(),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('label_purchases_key_idx').on(t.merchant_id, t.idempotency_key)],
);

export const labelErrors = pgTable(
  'label_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchant_id: uuid('merchant_id').notNull(),
    order_id: text('order_id'),
    code: text('code'),
    message: text('message'),
    created_at: createdAt(),
  },
  (t) => [index('label_errors_merchant_idx').on(t.merchant_id, t.created_at)],
);

// ---------------------------------------------------------------- bulk batches

export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchant_id: uuid('merchant_id').notNull(),
    kind: text('kind').notNull(),
    report_types: text('report_types').array().notNull().default(sql`'{}'::text[]`),
    state: text('state').notNull().default('queued'),
    created_by: uuid('created_by'),
    created_at: createdAt(),
    finished_at: tstz('finished_at'),
    emailed_at: tstz('emailed_at'),
  },
  (t) => [index('batches_merchant_idx').on(t.merchant_id, t.created_at)],
);

export const batchItems = pgTable(
  'batch_items',
  {
    batch_id: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    order_id: text('order_id').notNull(),
    position: integer('position').notNull(),
    state: text('state').notNull().default('pending'),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.batch_id, t.order_id] }),
    // Selection order: the details CSV's cursor and keyset pages (migration 0010, decision 0105).
    index('batch_items_batch_position_idx').on(t.batch_id, t.position),
  ],
);

export const batchFiles = pgTable(
  'batch_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batch_id: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    filename: text('filename').notNull(),
    content_type: text('content_type').notNull(),
    content: bytea('content').notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('batch_files_kind_idx').on(t.batch_id, t.kind)],
);

// ---------------------------------------------------------------- outbox

/** Every email and SMS sent through a sandbox adapter (shown at /dev/outbox). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    /** A message sent with an idempotency key is kept once per key (migration 0006, decision 0086). */
    idempotency_key: text('idempotency_key'),
    created_at: createdAt(),
  },
  (t) => [
    index('outbox_created_idx').on(t.created_at),
    uniqueIndex('outbox_idempotency_key_uq').on(t.idempotency_key),
  ],
);

// ---------------------------------------------------------------- outgoing events and webhooks

/** A transaction id (migration 0014): compared in SQL only, read as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
/** A bigint column read as a number (sequences stay far below 2^53). */
const bigintNumber = customType<{ data: number; driverData: string | number }>({
  dataType: () => 'bigint',
  fromDriver: (v) => Number(v),
});

/** Every event the store sends out, written in the change's transaction (migration 0014, decision 0138). */
export const events = pgTable(
  'events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    merchant_id: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    order_id: text('order_id'),
    application_ref: text('application_ref'),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    /** The envelope as sent, with the customer's contact (left out per subscriber when served). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('events_id_uq').on(t.id),
    index('events_xid_seq_idx').on(t.xid, t.seq),
    index('events_merchant_xid_seq_idx').on(t.merchant_id, t.xid, t.seq),
    index('events_application_xid_seq_idx').on(t.application_ref, t.xid, t.seq),
    index('events_created_idx').on(t.created_at),
  ],
);

/** A store's (merchant_id) or a storefront's (merchant_id null) webhook endpoint (decision 0139). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchant_id: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    application_ref: text('application_ref'),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description'),
    include_customer_contact: boolean('include_customer_contact').notNull().default(false),
    secret: text('secret').notNull(),
    /** The secret before the last rotation, signing beside the new one until `previous_secret_until`. */
    previous_secret: text('previous_secret'),
    previous_secret_until: tstz('previous_secret_until'),
    status: text('status').notNull().default('enabled'),
    disabled_reason: text('disabled_reason'),
    created_at: createdAt(),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_merchant_idx').on(t.merchant_id)],
);

/** How far the dispatcher has fanned the events out: (xid, seq) of the last one (one row). */
export const webhookCursor = pgTable('webhook_cursor', {
  id: integer('id').primaryKey(),
  xid: xid8('xid').notNull(),
  seq: bigintNumber('seq').notNull(),
});

/** One event to one endpoint, pending until delivered or its retries are spent. */
export const webhookMessages = pgTable('webhook_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  endpoint_id: uuid('endpoint_id')
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  event_seq: bigintNumber('event_seq')
    .notNull()
    .references(() => events.seq, { onDelete: 'cascade' }),
  /** Events of one order reach an endpoint in order: one pending message per key at a time. */
  order_key: text('order_key').notNull(),
  state: text('state').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  next_attempt_at: tstz('next_attempt_at').notNull().defaultNow(),
  locked_until: tstz('locked_until'),
  created_at: createdAt(),
});

/** The log: one row per delivery attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpoint_id: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    message_id: bigintNumber('message_id').references(() => webhookMessages.id, { onDelete: 'set null' }),
    event_seq: bigintNumber('event_seq').references(() => events.seq, { onDelete: 'set null' }),
    event_id: text('event_id').notNull(),
    event_type: text('event_type').notNull(),
    attempt: integer('attempt').notNull(),
    at: tstz('at').notNull().defaultNow(),
    status_code: integer('status_code'),
    duration_ms: integer('duration_ms'),
    response_body: text('response_body'),
    error: text('error'),
  },
  (t) => [index('webhook_deliveries_endpoint_at_idx').on(t.endpoint_id, t.at)],
);
// ---------------------------------------------------------------- API keys

/**
 * A store's API keys (migration 0015, docs/decisions/0140): only the SHA-256 of the key is kept, with its
 * first characters (`prefix`) for the owner to tell keys apart. A revoked key keeps its row, refused.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchant_id: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    last_used_at: tstz('last_used_at'),
    revoked_at: tstz('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_uq').on(t.key_hash),
    index('api_keys_merchant_idx').on(t.merchant_id, t.created_at),
  ],
);

// ---------------------------------------------------------------- alerts to staff

/** A person's alert choices and mobile number (migration 0017, docs/decisions/0147). */
export const userAlertSettings = pgTable(
  'user_alert_settings',
  {
    user_id: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    new_order: text('new_order').array().notNull().default(sql`'{}'::text[]`),
    unaccepted: text('unaccepted').array().notNull().default(sql`'{}'::text[]`),
    sla_risk: text('sla_risk').array().notNull().default(sql`'{}'::text[]`),
    batch_ready: text('batch_ready').array().notNull().default(sql`'{}'::text[]`),
    only_during_store_hours: boolean('only_during_store_hours').notNull().default(true),
    /** The confirmed number texts go to (E.164). */
    phone_number: text('phone_number'),
    phone_confirmed_at: tstz('phone_confirmed_at'),
    /** The number replied STOP or the carrier refused it as opted out: no text until confirmed again. */
    sms_opted_out_at: tstz('sms_opted_out_at'),
    pending_phone: text('pending_phone'),
    /** SHA-256 of the code texted to `pending_phone`. */
    code_hash: text('code_hash'),
    code_expires_at: tstz('code_expires_at'),
    code_tries: integer('code_tries').notNull().default(0),
    updated_at: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('user_alert_settings_phone_idx').on(t.phone_number)],
);

/** A store's escalation of orders nobody answered. */
export const merchantAlertSettings = pgTable('merchant_alert_settings', {
  merchant_id: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  unaccepted_after_minutes: integer('unaccepted_after_minutes'),
  escalate_to: text('escalate_to').notNull().default('owners'),
  updated_at: tstz('updated_at').notNull().defaultNow(),
});

/** One alert to one person about one order or batch: sent once, whatever the workers do. */
export const staffAlerts = pgTable(
  'staff_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchant_id: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject_id: text('subject_id').notNull(),
    channels: text('channels').array().notNull(),
    /** An owner's escalation of an unanswered order: goes out whatever the store's hours. */
    escalation: boolean('escalation').notNull().default(false),
    due_at: tstz('due_at').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    locked_until: tstz('locked_until'),
    /** The message as first composed: a retry sends the same words (and can find them at the provider). */
    message: jsonb('message').$type<Record<string, string>>(),
    sms_to: text('sms_to'),
    sms_sent_at: tstz('sms_sent_at'),
    email_sent_at: tstz('email_sent_at'),
    outcome: text('outcome'),
    created_at: createdAt(),
    sent_at: tstz('sent_at'),
  },
  (t) => [
    uniqueIndex('staff_alerts_once_uq').on(t.kind, t.subject_id, t.user_id),
    index('staff_alerts_merchant_idx').on(t.merchant_id, t.created_at),
  ],
);

/** How far the alert planner has read the events: (xid, seq) of the last one (one row). */
export const alertCursor = pgTable('alert_cursor', {
  id: integer('id').primaryKey(),
  xid: xid8('xid').notNull(),
  seq: bigintNumber('seq').notNull(),
});
