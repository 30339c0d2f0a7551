import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BuildInfoSchema } from '#shared/common';
import { BUILD_ID_META, PRERENDERED_DIR } from '#shared/build';
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

/**
 * Serves the built web app: hashed assets cached for a year (pre-compressed), public pages as prerendered HTML,
 * every other client route the app's index.html; HTML always carries the current site theme and is never cached.
 */
export async function registerWeb(app: FastifyInstance, webDir: string) {
  const indexFile = path.join(webDir, 'index.html');
  const index = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const prerendered = loadPrerendered(webDir);
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
    const page = (query === undefined && prerendered.get(url)) || index;
    // HTML names the current hashed assets and the current theme: a cached copy would point at files a deploy removed.
    reply.header('cache-control', 'no-cache');
    // An address the app has no page for gets the app (it shows its not-found page) with the status that says so.
    if (!isWebPage(url)) reply.status(404);
    return reply.type('text/html; charset=utf-8').send(withTheme(page, await currentTheme()));
  });
}
