import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BuildInfoSchema } from '#shared/common';
import { BUILD_ID_META, NOT_FOUND_PAGE, PRERENDERED_DIR, SSR_DIR } from '#shared/build';
import { DEFAULT_THEME, type Theme } from '#shared/theme-colors';
import { themeColors } from '#shared/theme-colors';
import { isWebPage } from '#shared/web-pages';
import { errorBody } from './errors.ts';
import { getTheme } from './clinic/theme.ts';

/**
 * Writes the site theme into a page, so it paints in the theme's colours before any script runs: the same
 * data-theme attribute, CSS variables and theme-color the client's applyTheme sets.
 */
function withTheme(html: string, theme: Theme): string {
  const { bg, fg } = themeColors(theme);
  return html
    .replace(
      /<html([^>]*)>/,
      (_m, attrs: string) =>
        `<html${attrs} data-theme="${theme}" style="--theme-bg:${bg};--theme-fg:${fg};color-scheme:light">`,
    )
    .replace(/<meta name="theme-color" content="[^"]*"/, `<meta name="theme-color" content="${bg}"`);
}

/** The prerendered pages by path: `index.html` is `/`, `<name>.html` is `/<name>`. */
function loadPrerendered(webDir: string): Map<string, string> {
  const dir = path.join(webDir, PRERENDERED_DIR);
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name}`, readFileSync(path.join(dir, file), 'utf8'));
  }
  return pages;
}

/** What the build's server-side bundle (web/entry-server.tsx) offers the server. */
interface ServerRenderer {
  LIVE_PAGES: string[];
  renderDocument: (
    template: string,
    url: string,
    fetchInProcess: (request: Request) => Promise<Response>,
  ) => Promise<string>;
}

/** How long a page rendered with live data is served before it is rendered again (the browser refreshes it too). */
export const LIVE_PAGE_TTL_MS = 5_000;

/**
 * Pages rendered with the data of the moment (the catalogue's first page and offers on /products), so they arrive
 * with their content rather than waiting for scripts and the API. The page's API calls are answered by this server
 * in-process, as an anonymous visitor: the same answers the browser would get. A render is kept LIVE_PAGE_TTL_MS and
 * shared by the requests meanwhile; the browser asks for the same data again once the page runs, so what a visitor
 * sees is at most that old and then the latest. Without the bundle, or when a render fails, the page is the one
 * prerendered at build time (no data yet, loaded in the browser).
 */
function liveRenderer(app: FastifyInstance, webDir: string, template: string | null, ttlMs: number) {
  const entry = path.join(webDir, SSR_DIR, 'entry-server.js');
  if (template === null || !existsSync(entry)) return null;
  // Loaded at the first request for a live page: a server that never gets one never holds React.
  let renderer: Promise<ServerRenderer> | null = null;
  const cache = new Map<string, { at: number; doc: Promise<string> }>();
  const fetchInProcess = async (request: Request): Promise<Response> => {
    const { pathname, search } = new URL(request.url);
    const res = await app.inject({ method: 'GET', url: pathname + search, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    return new Response(res.rawPayload, { status: res.statusCode, headers });
  };
  return {
    async page(url: string): Promise<string | null> {
      renderer ??= import(pathToFileURL(entry).href) as Promise<ServerRenderer>;
      const { LIVE_PAGES, renderDocument } = await renderer;
      if (!LIVE_PAGES.includes(url)) return null;
      const now = Date.now();
      let hit = cache.get(url);
      if (!hit || now - hit.at >= ttlMs) {
        hit = { at: now, doc: renderDocument(template, url, fetchInProcess) };
        cache.set(url, hit);
        // A failed render is not kept: the next request tries again.
        hit.doc.catch(() => cache.get(url) === hit && cache.delete(url));
      }
      return hit.doc;
    },
  };
}

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed), public pages as prerendered HTML (the
 * catalogue rendered with its data of the moment), every other client route the app's index.html; HTML always
 * carries the current site theme and is never cached.
 */
export async function registerWeb(app: FastifyInstance, webDir: string, opts: { livePageTtlMs?: number } = {}) {
  const indexFile = path.join(webDir, 'index.html');
  const index = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const prerendered = loadPrerendered(webDir);
  const live = liveRenderer(app, webDir, index, opts.livePageTtlMs ?? LIVE_PAGE_TTL_MS);
  const buildId = index?.match(new RegExp(`<meta name="${BUILD_ID_META}" content="([^"]+)"`))?.[1] ?? null;
  // A page whose code failed to load asks this to tell a new deploy (reload) from a server that was only away (retry).
  app.get(
    '/api/build',
    {
      schema: {
        tags: ['settings'],
        summary: 'The id of the web build being served',
        response: { 200: BuildInfoSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { id: buildId };
    },
  );
  if (index !== null) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      // The server-side bundle is the server's own, not the browser's.
      allowedPath: (pathName) => !pathName.startsWith(`/${SSR_DIR}/`),
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  /** The site theme for a page; a database hiccup paints the default rather than failing the page. */
  async function currentTheme(): Promise<Theme> {
    try {
      return await getTheme({ db: app.db });
    } catch (err) {
      app.log.warn({ err }, 'could not read the site theme for a page; using the default');
      return DEFAULT_THEME;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [url = '/', query] = request.url.split('?');
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/socket.io');
    const wantsHtml = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsHtml || path.extname(url)) {
      return reply.status(404).send(errorBody(`No route for ${request.method} ${url}`, 'NOT_FOUND'));
    }
    if (index === null) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build` (npm start does this for you).');
    }
    // A query string (shared catalogue filters, a redirect) changes what the first render shows: those get the
    // plain app page, which renders in the browser, so hydration never meets markup made for another URL.
    const known = isWebPage(url);
    let page = (query === undefined && prerendered.get(url)) || index;
    if (live && query === undefined) {
      try {
        page = (await live.page(url)) ?? page;
      } catch (err) {
        app.log.warn({ err, url }, 'could not render the page with live data; serving it prerendered');
      }
    }
    // An address the app has no page for gets the app's not-found page with the status that says so.
    if (!known) page = prerendered.get(`/${NOT_FOUND_PAGE}`) ?? index;
    // HTML names the current hashed assets and the current theme: a cached copy would point at files a deploy removed.
    reply.header('cache-control', 'no-cache');
    if (!known) reply.status(404);
    return reply.type('text/html; charset=utf-8').send(withTheme(page, await currentTheme()));
  });
}
