/** Names the web build and the server agree on. */

/** Folder of the web build holding the prerendered public pages: `<name>.html` is served for `/<name>`, `index.html` for `/`. */
export const PRERENDERED_DIR = 'prerendered';

/** Name of the `<meta>` of index.html that carries the web build's id (see vite.config.ts). */
export const BUILD_ID_META = 'pawcare-build';
