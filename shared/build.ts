/** Names the web build and the server agree on. */

/** Folder of the web build holding the prerendered public pages: `<name>.html` is served for `/<name>`, `index.html` for `/`. */
export const PRERENDERED_DIR = 'prerendered';

/** Name of the `<meta>` of index.html that carries the web build's id (see vite.config.ts). */
export const BUILD_ID_META = 'pawcare-build';

/** Id of the JSON block in a page rendered by the server with live data: the query answers it was rendered with. */
export const PRERENDER_STATE_ID = 'pawcare-state';

/** Folder of the web build holding the server-side bundle (web/entry-server.tsx) that renders pages with live data. */
export const SSR_DIR = 'ssr';

/** The prerendered page (`<name>.html` of PRERENDERED_DIR) of an address the app has no page for. */
export const NOT_FOUND_PAGE = '404';
