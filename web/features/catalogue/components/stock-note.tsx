import type { Product } from '#shared/catalogue';
import { stockLabel, stockState } from '#shared/catalogue-rules';

const tones = {
  in_stock: 'text-green-800',
  low: 'text-amber-900',
  out: 'text-red-800',
} as const;

/**
 * The product's stock as a shopper reads it ("Only 3 left", "Out of stock"). `quiet` (the catalogue's cards) says
 * nothing while plenty is left.
 */
export function StockNote({ product, quiet = false }: { product: Pick<Product, 'stock'>; quiet?: boolean }) {
  const state = stockState(product);
  if (quiet && state === 'in_stock') return null;
  return <span className={`text-sm font-semibold ${tones[state]}`}>{stockLabel(product)}</span>;
}
