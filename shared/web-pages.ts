/**
 * Every page address the web app has (React Router patterns: `:name` is one path segment). The server answers any
 * other address with the app's not-found page and status 404, so a mistyped or removed link is not a 200 to
 * search engines, monitors or the person's browser history. server/web-pages.test.ts keeps this list and the
 * router's routes (web/app/router.tsx and web/app/routes/signed-in.tsx) the same.
 */
export const WEB_PAGES = [
  '/',
  '/home',
  '/services',
  '/about',
  '/contact',
  '/login',
  '/register',
  '/products',
  '/products/:id',
  '/unsubscribe',
  '/verify/:code',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/accept-invitation',
  '/homeusers',
  '/servicescustomers',
  '/aboutcustomers',
  '/contactcustomers',
  '/slots',
  '/medicaltips',
  '/customer/product',
  '/customer/product/:id',
  '/customer/orders',
  '/customer/my-orders',
  '/customer/my-orders/:id',
  '/customer/invoices',
  '/customer/invoices/:id',
  '/customer/profile',
  '/customer/pets',
  '/customer/pets/:id',
  '/customer/pets/:id/prescriptions/:rxId',
  '/customer/emergency',
  '/employee/home',
  '/employee/slots',
  '/employee/orders',
  '/employee/chat',
  '/employee/rides',
  '/employee/profile',
  '/employee/pets/:id',
  '/employee/pets/:id/prescriptions/:rxId',
  '/employee/refills',
  '/employee/care-due',
  '/employee/emergencies',
  '/admin/home',
  '/admin/customer',
  '/admin/employee',
  '/admin/services',
  '/admin/products',
  '/admin/audit',
  '/admin/analytics',
  '/admin/settings',
  '/admin/vaccines',
  '/admin/care-due',
  '/admin/profile',
  '/admin/emergencies',
  '/admin/providers',
  '/admin/providers/:id/time-off',
  '/employee/time-off',
  '/notifications',
] as const;

const segments = (p: string) => p.split('/').filter(Boolean);
const PATTERNS = WEB_PAGES.map(segments);

/** Whether the router has a page at `pathname` (as React Router matches: case-insensitive, a trailing / allowed). */
export function isWebPage(pathname: string): boolean {
  let parts: string[];
  try {
    parts = segments(pathname).map((s) => decodeURIComponent(s).toLowerCase());
  } catch {
    return false; // A malformed escape is no page of ours.
  }
  return PATTERNS.some(
    (pattern) => pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i]),
  );
}
