/** Money: integer cents in storage, dollars at the edges (spec amounts are dollars). */

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Dollars → integer cents, rounding half away from zero on the decimal value (1.005 → 101). */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`not a finite amount: ${dollars}`);
  const s = String(Math.abs(dollars));
  const shifted = s.includes('e') ? Math.abs(dollars) * 100 : Number(`${s}e2`);
  return Math.sign(dollars) * Math.round(shifted);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$1,234.56'; negatives '-$1,234.56'. */
export function formatUsd(dollars: number): string {
  return usd.format(dollars === 0 ? 0 : dollars);
}

/** Inventory price cell: '$ 12.99'. */
export function formatInventoryPrice(dollars: number | string | null | undefined): string {
  const n = typeof dollars === 'string' ? Number(dollars) : dollars;
  if (n === null || n === undefined || !Number.isFinite(n)) return '$ -';
  return `$ ${n.toFixed(2)}`;
}

/** Rounds a dollar amount to cents (avoids 0.1 * 3 = 0.30000000000000004). */
export function roundMoney(dollars: number): number {
  return dollarsToCents(dollars) / 100;
}
