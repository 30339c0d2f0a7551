/** Where the catalogue lives: /customer/product for signed-in customers, /products for everyone else. */
export function catalogueBase(pathname: string): '/customer/product' | '/products' {
  return pathname === '/customer/product' || pathname.startsWith('/customer/product/')
    ? '/customer/product'
    : '/products';
}

/** A product's page in the same area as the page linking to it. */
export function productPath(base: string, id: number): string {
  return `${base}/${id}`;
}

/** Route state of a product page: the catalogue address to go back to (filters, order and page). */
export interface ProductPageState {
  catalogue?: string;
}
