/** Business constants of the product spec (section 9) and our own limits, used by server and web alike. */

export const ROLES = ['user', 'employee', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The 13 theme colours an admin can pick (spec section 9). */
export const THEMES = [
  'white',
  'pink',
  'skyblue',
  'green',
  'lightblue',
  'lightgreen',
  'lightyellow',
  'brown',
  'red',
  'gray',
  'silver',
  'gold',
  'violet',
] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'white';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const ADDRESS_MAX = 300;
export const IDENTITY_PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const IDENTITY_PROOF_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;

/** UI timings (spec section 9). */
export const TOAST_AUTO_CLOSE_MS = 3000;
export const REDIRECT_DELAY_MS = 2000;
export const PRODUCT_AD_ROTATE_MS = 3000;
export const TIPS_AD_ROTATE_MS = 4000;

/** Catalogue filters (spec section 9). */
export const PRICE_FILTER_MIN = 100;
export const PRICE_FILTER_MAX = 5000;
export const RATING_FILTERS = [0, 4, 3, 2] as const;
export const CATEGORIES = ['Food', 'Toys', 'Accessories', 'Care'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Chat limits and the spec's socket reconnect policy. */
export const CHAT_MESSAGE_MAX = 2000;
export const SOCKET_RECONNECT_ATTEMPTS = 5;
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5000;

/** Response header carrying the next page's cursor of every list (see docs/decisions/002). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** Every date the API accepts (queries, schedules, page cursors) lies in this range: sane, and storable as it is. */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';

/** Request header naming one attempt at creating something (an order, a booking), so a retry cannot make two. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Response header of GET /api/products and GET /api/admin/products: how many products match the filters. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Pagination defaults for every list endpoint. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;

/** Folder of the web build holding the prerendered public pages: `<name>.html` is served for `/<name>`, `index.html` for `/`. */
export const PRERENDERED_DIR = 'prerendered';

/** Name of the `<meta>` of index.html that carries the web build's id (see vite.config.ts). */
export const BUILD_ID_META = 'pawcare-build';

/** localStorage keys of the spec (section 3). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  theme: 'theme',
  savedBooking: 'savedBooking',
} as const;
