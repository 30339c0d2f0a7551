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
