import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

import { PRERENDERED_DIR } from '../shared/build.ts';

/** The public pages painted at build time. */
const PAGES = ['/', '/home', '/services', '/about', '/contact', '/login', '/register', '/products'];

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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
      const ssrDir = path.resolve(config.root, '..', 'node_modules', '.cache', 'pawcare-ssr');
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
      const { render } = (await import(
        pathToFileURL(path.join(ssrDir, serverEntry)).href
      )) as typeof import('../web/entry-server.tsx');

      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!template.includes('<div id="root"></div>'))
        throw new Error('prerender: index.html has no empty <div id="root"></div>');
      const target = path.join(outDir, PRERENDERED_DIR);
      if (existsSync(target)) rmSync(target, { recursive: true });
      mkdirSync(target, { recursive: true });
      for (const url of PAGES) {
        const { html, title } = await render(url);
        // Inline scripts (our CSP blocks them) or a boundary left pending or failed would not hydrate cleanly.
        if (/<script|<!--\$[!?]-->/.test(html))
          throw new Error(`prerender: ${url} did not render to plain, complete HTML`);
        let doc = template.replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
        if (title) doc = doc.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
        const name = url === '/' ? 'index' : url.slice(1);
        writeFileSync(path.join(target, `${name}.html`), doc);
      }
      rmSync(ssrDir, { recursive: true, force: true });
    },
  };
}
