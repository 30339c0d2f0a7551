/** Money helpers shared by server and web. No zod here, so public pages can use them without loading it. */

/** Rupees to integer paise, exactly, from a number or a numeric string such as '2500.00'. */
export function toPaise(value: number | string): number {
  if (typeof value === 'number') return Math.round(value * 100);
  const m = /^(-?)(\d+)(?:\.(\d{0,2})\d*)?$/.exec(value.trim());
  if (!m) throw new Error(`Not an amount: ${value}`);
  const paise = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -paise : paise;
}

/** Integer paise to rupees. */
export const fromPaise = (paise: number) => paise / 100;

/**
 * Rupees as a client sends them (a number or a string with at most two decimals, e.g. 118, '118.5', '1,180.00' is
 * refused) to integer paise, or undefined when it is not such an amount. Never goes through floating point for a
 * string; a number is read by its shortest decimal form, so 0.1 + 0.2 is refused rather than rounded.
 */
export function parseRupees(value: number | string): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = /^(-?)(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  const paise = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -paise : paise;
}

/** Integer paise as the wire's rupees: a number with at most two decimals (118.5 is ₹118.50). */
export function toRupees(paise: number): number {
  if (!Number.isSafeInteger(paise)) throw new Error(`Not a whole number of paise: ${paise}`);
  return paise / 100;
}

/** Integer paise as a fixed two-decimal text, for numeric columns and files: 11850 -> '118.50', -5 -> '-0.05'. */
export function paiseText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * `amount x numerator / denominator` rounded to the paisa, half away from zero, in integers (the rule GST uses for
 * each tax amount: to the nearest paisa, half a paisa up). Exact while the product stays below 2^53.
 */
export function roundedShare(amountPaise: number, numerator: number, denominator: number): number {
  const product = amountPaise * numerator;
  if (!Number.isSafeInteger(product) || !Number.isSafeInteger(denominator) || denominator <= 0)
    throw new Error('Amount out of range');
  const sign = product < 0 ? -1 : 1;
  const abs = Math.abs(product);
  const q = Math.floor(abs / denominator);
  const r = abs - q * denominator;
  return sign * (2 * r >= denominator ? q + 1 : q);
}

/** One line's total in paise: price x quantity x (1 - discount/100), rounded half up to the paisa. */
export function lineTotalPaise(unitPricePaise: number, quantity: number, discount: number): number {
  return Math.round((unitPricePaise * quantity * (100 - discount)) / 100);
}

/** The price a customer pays for one unit after the discount, in rupees, rounded to the paisa. */
export function discountedPrice(p: { price: number; discount: number }): number {
  return fromPaise(lineTotalPaise(toPaise(p.price), 1, p.discount));
}

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Rupees in the spec's format: Indian grouping, two decimals (e.g. ₹3,750.00). */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}
