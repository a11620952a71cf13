/**
 * Keeps placing realistic orders through the intake API of a running server.
 *   npm run simulate                      one order every 4 s for the demo store, until Ctrl-C
 *   npm run simulate -- --count 5         place 5 orders and exit
 *   npm run simulate -- --url http://host:3000 --merchant demo-wine-spirits --interval 2
 * The credential is MARKETPLACE_KEY (demo default: demo-marketplace-key).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { buildOrderBody } from '../seed/order-factory.ts';
import { createRandom } from '../seed/random.ts';
import { DEMO_TMK } from '../seed/seed.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string' },
    url: { type: 'string' },
    merchant: { type: 'string', default: DEMO_TMK },
    interval: { type: 'string', default: '4' },
  },
});

// PORT and MARKETPLACE_KEY as the server reads them (config.ts), so the simulator finds a local server.
const config = loadConfig();
const base = (values.url ?? `http://localhost:${config.port}`).replace(/\/$/, '');
const key = config.marketplaceKey;
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
const count = values.count ? Number.parseInt(values.count, 10) : Number.POSITIVE_INFINITY;
const intervalMs = Math.max(0.2, Number.parseFloat(values.interval ?? '4')) * 1000;
if (Number.isNaN(count) || count < 0) {
  console.error('--count must be a whole number');
  process.exit(2);
}

const catalogueRes = await fetch(
  `${base}/m/v2/marketplace/merchants/${encodeURIComponent(values.merchant!)}/offerings`,
  { headers },
);
if (!catalogueRes.ok) {
  console.error(
    `Could not read the catalogue of ${values.merchant} at ${base}: ${catalogueRes.status} ${await catalogueRes.text()}`,
  );
  process.exit(1);
}
const { items } = (await catalogueRes.json()) as {
  items: { id: string; merchant_sku: string; price: number }[];
};
if (!items.length) {
  console.error(`${values.merchant} has no active offerings to order from`);
  process.exit(1);
}

const r = createRandom(Date.now() % 2 ** 31);
let placed = 0;
let stopping = false;
process.on('SIGINT', () => {
  stopping = true;
});
while (placed < count && !stopping) {
  const body = buildOrderBody(r, { merchant: values.merchant!, offerings: items, submittedAt: new Date() });
  const res = await fetch(`${base}/m/v2/marketplace/orders`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    console.error(`order refused: ${res.status} ${text}`);
    process.exit(1);
  }
  placed++;
  const { id } = JSON.parse(text) as { id: string };
  console.log(`placed ${id} (${body.delivery.method}, ${body.items.length} line(s)) for ${values.merchant}`);
  if (placed < count && !stopping) await new Promise((res) => setTimeout(res, intervalMs));
}
console.log(`done: ${placed} order(s) placed`);
