import type { Role } from '#shared/roles';

/** Each role's profile page, where the navbar's profile icon leads. */
export const profilePathOf = (role: Role) => (role === 'user' ? '/customer/profile' : `/${role}/profile`);

// The public pages a customer has a page of their own for (same content, with their navbar, chat and cart).
const CUSTOMER_PAGE_OF: Record<string, string> = {
  '/': '/homeusers',
  '/home': '/homeusers',
  '/products': '/customer/product',
  '/services': '/servicescustomers',
  '/about': '/aboutcustomers',
  '/contact': '/contactcustomers',
};

/** The customer's own page for a public page (a product's page too), or null when there is none. */
export function customerPageOf(pathname: string): string | null {
  const product = /^\/products\/([^/]+)$/.exec(pathname);
  return product ? `/customer/product/${product[1]}` : (CUSTOMER_PAGE_OF[pathname] ?? null);
}
