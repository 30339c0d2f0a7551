import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

import { NOT_FOUND_PAGE, PRERENDERED_DIR, SSR_DIR } from '../shared/build.ts';

/**
 * The public pages painted at build time, and the file each is written to (`<name>.html` is served for `/<name>`);
 * `404` is the not-found page, served for an address the app has no page for.
 */
const PAGES: [url: string, name: string][] = [
  ...['/', '/home', '/services', '/about', '/contact', '/login', '/register', '/products', '/forgot-password'].map(
    (url): [string, string] => [url, url === '/' ? 'index' : url.slice(1)],
  ),
  ['/404-not-found', NOT_FOUND_PAGE],
];

/**
 * After the browser build, renders the public pages with web/entry-server.tsx and writes them beside index.html,
 * so a visitor sees the page as soon as the HTML and CSS arrive; main.tsx then hydrates it. A page that fails to
 * render fails the build.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pawcare-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      // Kept in the build: the server renders the pages of LIVE_PAGES with it, with the data of the moment.
      // (server/web.ts never serves this folder.)
      const ssrDir = path.join(outDir, SSR_DIR);
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: path.join(config.root, 'entry-server.tsx'),
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
        },
      });
      const serverEntry = readdirSync(ssrDir).find((f) => /^entry-server\.m?js$/.test(f));
      if (!serverEntry) throw new Error(`prerender: the server build wrote no entry-server.js to ${ssrDir}`);
      const { renderDocument } = (await import(
        pathToFileURL(path.join(ssrDir, serverEntry)).href
      )) as typeof import('../web/entry-server.tsx');

      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const target = path.join(outDir, PRERENDERED_DIR);
      if (existsSync(target)) rmSync(target, { recursive: true });
      mkdirSync(target, { recursive: true });
      for (const [url, name] of PAGES) {
        // Without data: what the browser shows before any answer (a page of LIVE_PAGES, when the server cannot
        // render it with its data).
        const doc = await renderDocument(template, url).catch((err: unknown) => {
          throw new Error(`prerender: ${url}: ${err instanceof Error ? err.message : String(err)}`);
        });
        writeFileSync(path.join(target, `${name}.html`), doc);
      }
    },
  };
}
