import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { prerender } from './scripts/vite-prerender.ts';
import { BUILD_ID_META } from './shared/build.ts';

const serverUrl = process.env.PAWCARE_SERVER_URL ?? 'http://localhost:3000';
const proxy = {
  '/api': { target: serverUrl, changeOrigin: true },
  '/socket.io': { target: serverUrl, changeOrigin: true, ws: true },
};

/**
 * web/main.tsx and everything it imports statically. web/boot.ts loads main.tsx with a dynamic import; left to
 * itself the bundler would then cut the app shell into a dozen small chunks shared with the lazy pages, which
 * costs requests and bytes. Listed here, it becomes one chunk, as it was when main.tsx was the entry.
 */
const appShell = new Set<string>();
const bootModules = new Set<string>();
function collectAppShell(): Plugin {
  return {
    name: 'pawcare-app-shell',
    apply: 'build',
    buildEnd() {
      const closure = (entry: string) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
        };
        visit(path.resolve('web', entry));
        return seen;
      };
      // What boot.ts needs itself (the dynamic-import preloader) stays out, in a chunk of its own (below), or the
      // shell would become a static import of the entry and load before the first paint.
      bootModules.clear();
      for (const id of closure('boot.ts')) bootModules.add(id);
      appShell.clear();
      for (const id of closure('main.tsx')) if (!bootModules.has(id)) appShell.add(id);
    },
  };
}

/**
 * Writes the build's id into index.html (`<meta name="pawcare-build">`): a digest of the names of every output file,
 * which carry content hashes, so the same sources give the same id. The server reads it back (server/web.ts); a page
 * whose code failed to load compares the two to tell a new deploy from a server that was only away.
 */
function buildId(): Plugin {
  return {
    name: 'pawcare-build-id',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const id = createHash('sha256')
          .update(
            Object.keys(ctx.bundle ?? {})
              .sort()
              .join('\n'),
          )
          .digest('hex')
          .slice(0, 16);
        return html.replace('</title>', `</title>\n    <meta name="${BUILD_ID_META}" content="${id}" />`);
      },
    },
  };
}

/** The web app lives in web/ and builds to web/dist, which the Fastify server serves (pre-compressed). */
export default defineConfig(({ command, isSsrBuild }) => {
  // A build is always a production build (minified React, no dev JSX), even when the caller's environment
  // says NODE_ENV=test, as the end-to-end server start does.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: 'web',
    plugins: [
      react(),
      tailwindcss(),
      // The browser build only: the server-side build of web/entry-server.tsx exists just to prerender pages.
      ...(isSsrBuild
        ? []
        : [
            // .br and .gz files beside each asset: @fastify/static (preCompressed) sends them without compressing per request.
            compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024, logLevel: 'silent' }),
            // The public pages as HTML (web/dist/prerendered), painted before any script runs.
            prerender(),
            collectAppShell(),
            buildId(),
          ]),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      // No module-preload polyfill: every browser we support has modulepreload.
      modulePreload: { polyfill: false },
      rolldownOptions: isSsrBuild
        ? {}
        : {
            output: {
              codeSplitting: {
                groups: [
                  // Not in the entry's own chunk: the entry waits (top-level await) for the shell, which imports
                  // the preloader, so sharing a chunk would leave each waiting for the other for ever.
                  {
                    name: 'preload',
                    test: (id: string) => bootModules.has(id) && !/[\\/]web[\\/]boot\.ts$/.test(id),
                    priority: 1,
                  },
                  { name: 'main', test: (id: string) => appShell.has(id) },
                ],
              },
            },
          },
    },
    server: { port: 5173, proxy },
    preview: { proxy },
  };
});
