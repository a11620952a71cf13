/**
 * The benchmark dataset, generated inside the database (INSERT ... SELECT generate_series): orders of
 * realistic shape over N merchants, the first ("bench-m0000") the largest. Triggers are paused during
 * the load and their results written in bulk (tab from order_tab(status), merchant_tab_counts by
 * GROUP BY, the reports' day figures by report_days_rebuild), and the trigram indexes are rebuilt
 * afterwards: the same end state the triggers keep.
 */
import type { Database } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';

export interface DatasetSpec {
  orders: number;
  merchants: number;
  largest: number;
}

export const BENCH_PASSWORD = 'bench-password-1';
export const benchEmail = 'owner@bench.test';
export const largestTmk = 'bench-m0000';

const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Mateo',
  'Amelia',
  'Ethan',
  'Harper',
  'Wei',
  'Priya',
  'Chloe',
  'Camila',
  'Benjamin',
  'Evelyn',
  'Henry',
  'Abigail',
  'Alexander',
  'Emily',
  'Daniel',
  'Ella',
  'Michael',
  'Avery',
  'Jackson',
  'Sofia',
  'Sebastian',
  'Scarlett',
  'Aiden',
  'Grace',
  'Samuel',
  'Victoria',
  'David',
  'Riley',
  'Joseph',
  'Aria',
  'Carter',
  'Lily',
  'Owen',
  'Aurora',
  'Wyatt',
  'Zoey',
  'John',
  'Nora',
  'Jack',
  'Hazel',
  'Luke',
  'Layla',
  'Jayden',
  'Ellie',
  'Dylan',
  'Leah',
  'Grayson',
  'Zoe',
  'Levi',
];
const LAST = [
  'Smith',
  'Johnson',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Kim',
  'Chen',
  'Nguyen',
  'Okafor',
  'Rossi',
  'Schmidt',
  'Thomas',
  'Moore',
  'Lee',
  'Lopez',
  'Brown',
  'Wilson',
  'Taylor',
  'Anderson',
  'Jackson',
  'White',
  'Harris',
  'Martin',
  'Thompson',
  'Clark',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
];
export const BRANDS = [
  ['bottledrop', 'Bottle Drop'],
  ['caskcrate', 'Cask & Crate'],
  ['giftedspirits', 'Gifted Spirits'],
  ['uncorked', 'Uncorked Market'],
  ['barcart', 'Bar Cart'],
  ['vinovan', 'Vino Van'],
] as const;

/** As in apps/server/drizzle/0002, 0007 and 0013 (GIN indexes rebuilt after the load). */
const TRGM_INDEXES = [
  {
    name: 'orders_merchant_recipient_trgm_idx',
    sql: 'CREATE INDEX IF NOT EXISTS orders_merchant_recipient_trgm_idx ON orders USING gin (merchant_id, recipient_name gin_trgm_ops)',
  },
  {
    name: 'orders_merchant_email_trgm_idx',
    sql: 'CREATE INDEX IF NOT EXISTS orders_merchant_email_trgm_idx ON orders USING gin (merchant_id, customer_email gin_trgm_ops)',
  },
  {
    name: 'orders_merchant_recipient_grams_idx',
    sql: 'CREATE INDEX IF NOT EXISTS orders_merchant_recipient_grams_idx ON orders USING gin (merchant_id, mc_short_grams(recipient_name))',
  },
  {
    name: 'orders_merchant_customer_name_trgm_idx',
    sql: 'CREATE INDEX IF NOT EXISTS orders_merchant_customer_name_trgm_idx ON orders USING gin (merchant_id, customer_name gin_trgm_ops)',
  },
  {
    name: 'orders_merchant_customer_name_grams_idx',
    sql: 'CREATE INDEX IF NOT EXISTS orders_merchant_customer_name_grams_idx ON orders USING gin (merchant_id, mc_short_grams(customer_name))',
  },
  {
    name: 'orders_merchant_email_grams_idx',
    sql: 'CREATE INDEX IF NOT EXISTS orders_merchant_email_grams_idx ON orders USING gin (merchant_id, mc_short_grams(customer_email))',
  },
];

const arr = (xs: readonly string[]) => `(ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}])`;

export async function datasetPresent(db: Database, spec: DatasetSpec): Promise<boolean> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
  const m = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM merchants WHERE tmk LIKE 'bench-m%'",
  );
  return Number(rows[0]?.n) === spec.orders && Number(m[0]?.n) === spec.merchants;
}

export async function loadDataset(db: Database, spec: DatasetSpec, log: (s: string) => void): Promise<void> {
  const q = db.query;
  const t0 = Date.now();
  log('clearing tables');
  await q(
    'TRUNCATE order_items, order_history, shipments, orders, merchant_tab_counts, sessions, users, merchant_hours, merchants, applications CASCADE',
  );
  for (const [ref, name] of BRANDS)
    await q('INSERT INTO applications (ref, name, brand_name) VALUES ($1, $2, $2)', [ref, name]);
  await q(
    `INSERT INTO merchants (tmk, name, timezone) SELECT 'bench-m' || lpad(g::text, 4, '0'), 'Bench Store ' || g,
       (ARRAY['America/New_York','America/Chicago','America/Denver','America/Los_Angeles'])[1 + g % 4]
     FROM generate_series(0, $1::int - 1) g`,
    [spec.merchants],
  );
  await q(
    `INSERT INTO merchant_hours (merchant_id, weekday, time_open, time_close)
     SELECT m.id, d, '10:00', '21:00' FROM merchants m, unnest(ARRAY['monday','tuesday','wednesday','thursday','friday','saturday']) d`,
  );
  const [m0] = await q<{ id: string }>('SELECT id FROM merchants WHERE tmk = $1', [largestTmk]);
  const hash = await hashPassword(BENCH_PASSWORD);
  await q(
    `INSERT INTO users (first_name, last_name, email, password_hash, roles, authorized_merchant_id)
     VALUES ('Bench', 'Owner', $1, $2, ARRAY['merch.owner'], $3)`,
    [benchEmail, hash, m0!.id],
  );

  // Trigram indexes are rebuilt after the load (much faster than growing them row by row).
  for (const g of TRGM_INDEXES) await q(`DROP INDEX IF EXISTS ${g.name}`);
  await q('ALTER TABLE orders DISABLE TRIGGER USER');

  // Merchant k gets `largest` orders when k = 0, the rest share the remainder.
  const rest = spec.orders - spec.largest;
  const per = Math.floor(rest / (spec.merchants - 1));
  const chunk = 100_000;
  for (let start = 0; start < spec.orders; start += chunk) {
    const end = Math.min(spec.orders, start + chunk) - 1;
    await q(
      `WITH m AS (SELECT id, row_number() OVER (ORDER BY tmk) - 1 AS k FROM merchants WHERE tmk LIKE 'bench-m%'),
            a AS (SELECT id, ref, name, brand_name, row_number() OVER (ORDER BY ref) - 1 AS k FROM applications),
            g AS (SELECT i, md5('bench' || i) AS h, hashtext('s' || i) AS r1, hashtext('t' || i) AS r2 FROM generate_series($1::int, $2::int) i),
            o AS (
              SELECT g.*,
                CASE WHEN i < $3::int THEN 0 ELSE 1 + least(($4::int - 2), (i - $3::int) / $5::int) END AS mk,
                (ARRAY['SUBMITTED','SUBMITTED','PAYMENT_APPROVED','MERCHANT_ACCEPTED','MERCHANT_ACCEPTED','MERCHANT_SHIPPED',
                       'REJECTED_PARTIAL','CANCELLED','MERCHANT_REJECTED','PAYMENT_DECLINED','CLOSED','CLOSED','CLOSED','CLOSED',
                       'CLOSED','CLOSED','CLOSED','CLOSED','CLOSED','CLOSED'])[1 + abs(r1) % 20] AS status,
                (ARRAY['on_demand','on_demand','shipping','shipping','shipping','scheduled','preorder','deposit','courier'])[1 + abs(r2) % 9] AS method,
                ${arr(FIRST)}[1 + abs(r1 / 7) % ${FIRST.length}] AS fn,
                ${arr(LAST)}[1 + abs(r2 / 7) % ${LAST.length}] AS ln,
                now() - ((abs(r1::bigint * 31 + r2) % (730 * 86400))::text || ' seconds')::interval AS at
              FROM g)
       INSERT INTO orders (id, merchant_id, application_id, application_ref, application_name, application_brand_name, logistic_order_ref, status, tab, date_submitted,
         delivery_method, courier_estimate_id, gift_message, promo_code, status_recent_comment,
         recipient, customer, recipient_name, customer_name, customer_email, subtotal_cents, tax_cents, total_cents, item_quantity, has_at_distributor)
       SELECT upper(substr(o.h, 1, 7) || '-' || substr(o.h, 8, 3) || '-' || substr(o.h, 11, 2)), m.id, a.id, a.ref, a.name, a.brand_name,
         'LO-' || o.i, o.status, order_tab(o.status), o.at, o.method,
         CASE WHEN o.method = 'scheduled' AND o.r1 % 3 = 0 THEN 'est-' || o.i END,
         CASE WHEN o.r2 % 5 = 0 THEN 'Enjoy!' END, CASE WHEN o.r1 % 11 = 0 THEN 'SAVE10' END,
         CASE WHEN o.status = 'REJECTED_PARTIAL' THEN 'Item out of stock' END,
         jsonb_build_object('first_name', o.fn, 'last_name', o.ln, 'street_1', (o.i % 900 + 1) || ' Main St', 'street_2', '', 'street_3', '',
           'city', 'Springfield', 'state', 'IL', 'zipcode', '62701', 'country', 'US', 'phone_number', '', 'delivery_instructions', ''),
         jsonb_build_object('first_name', o.fn, 'last_name', o.ln, 'email', lower(o.fn || '.' || o.ln || (o.i % 997) || '@example.com'),
           'phone_number', '', 'last_order', NULL),
         o.fn || ' ' || o.ln, o.fn || ' ' || o.ln, lower(o.fn || '.' || o.ln || (o.i % 997) || '@example.com'),
         1000 + abs(o.r1) % 50000, 100 + abs(o.r2) % 4000, 1100 + abs(o.r1) % 50000 + abs(o.r2) % 4000,
         1 + abs(o.r2) % 6, o.r1 % 13 = 0
       FROM o JOIN m ON m.k = o.mk JOIN a ON a.k = abs(o.r1 / 3) % ${BRANDS.length}
       ON CONFLICT (id) DO NOTHING`,
      [start, end, spec.largest, spec.merchants, Math.max(1, per)],
    );
    log(`orders ${end + 1}/${spec.orders} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await q('ALTER TABLE orders ENABLE TRIGGER USER');
  await q(
    `INSERT INTO merchant_tab_counts (merchant_id, tab, count)
     SELECT merchant_id, tab, count(*) FROM orders GROUP BY merchant_id, tab`,
  );
  // The reports' kept per-day figures (migration 0016), counted once as its backfill does.
  await q('TRUNCATE report_day_figures');
  await q('SELECT report_days_rebuild(id) FROM merchants');
  log('rebuilding search indexes');
  for (const g of TRGM_INDEXES) await q(g.sql);
  // As migration 0007 sets them (a dropped index loses its statistics target).
  for (const g of TRGM_INDEXES.filter((x) => x.name.endsWith('_grams_idx')))
    await q(`ALTER INDEX ${g.name} ALTER COLUMN 2 SET STATISTICS 1000`);
  // As autovacuum would leave a settled table: statistics, and the visibility map that lets the ordering
  // indexes answer an offset page's key scan without visiting the heap.
  await q('VACUUM ANALYZE');
  log(`dataset loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
