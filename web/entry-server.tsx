import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { PRERENDER_STATE_ID } from '#shared/build';
import { AppProviders } from './app/app.tsx';
import { AppShell } from './app/root.tsx';
import { TitleSink } from './components/page-shell.tsx';
import { offersQuery } from './features/catalogue/api/get-offers.ts';
import { productsPageQuery } from './features/catalogue/api/get-products.ts';
import { readView } from './features/catalogue/lib/filters.ts';
import { answerCallsWith } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * What a page shows from the API when the server renders it with live data (server/web.ts): the queries its first
 * render reads, asked before rendering, so the HTML holds the content itself (the catalogue's first page and its
 * offers) and the largest paint does not wait for scripts and the API. Public data only: no session is sent.
 */
const PAGE_DATA: Record<string, (client: QueryClient, search: URLSearchParams) => Promise<unknown>> = {
  '/products': (client, search) =>
    Promise.all([client.prefetchQuery(productsPageQuery(readView(search))), client.prefetchQuery(offersQuery())]),
};

/** Pages the server renders with live data (server/web.ts); every other public page is prerendered at build time. */
export const LIVE_PAGES = Object.keys(PAGE_DATA);

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Renders a public page to HTML, as an anonymous visitor: exactly what the browser's first render produces, so
 * main.tsx can hydrate it instead of painting from scratch. Lazy pages are awaited, so /login and /products arrive
 * whole. At build time (scripts/vite-prerender.ts) there is no data, as in the browser before any answer; with
 * `fetchInProcess` (the server, server/web.ts) the page's API calls are answered first and their answers travel in
 * the page for the browser's query cache, so its first render is the same page.
 */
export async function render(
  url: string,
  fetchInProcess?: (request: Request) => Promise<Response>,
): Promise<{ html: string; title: string | undefined; state: unknown }> {
  const sink: { title?: string } = {};
  const queryClient = createQueryClient();
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const load = fetchInProcess && PAGE_DATA[pathname];
  if (load) {
    answerCallsWith(fetchInProcess);
    try {
      await load(queryClient, searchParams);
    } finally {
      answerCallsWith(null);
    }
  }
  const { prelude } = await prerender(
    <TitleSink value={sink}>
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppShell />
        </StaticRouter>
      </AppProviders>
    </TitleSink>,
    // Never outline a boundary into a later chunk: that would need an inline script, which our CSP forbids
    // (and there is no stream to speed up: the whole page is written at once).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return { html, title: sink.title, state: load ? dehydrate(queryClient) : undefined };
}

/**
 * The whole document of a page: the built index.html with the page's HTML in its root, its title, and the data it
 * was rendered with (a JSON block, which is not a script the CSP would have to allow). Fails when the page did not
 * render to plain, complete HTML (a boundary left pending or failed would not hydrate cleanly).
 */
export async function renderDocument(
  template: string,
  url: string,
  fetchInProcess?: (request: Request) => Promise<Response>,
): Promise<string> {
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  const { html, title, state } = await render(url, fetchInProcess);
  if (/<script|<!--\$[!?]-->/.test(html)) throw new Error(`${url} did not render to plain, complete HTML`);
  let doc = template.replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
  if (title) doc = doc.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (state !== undefined) {
    // `<` escaped, so no text in the data can close the block.
    const json = JSON.stringify(state).replace(/</g, '\\u003c');
    doc = doc.replace(
      '</body>',
      () => `<script type="application/json" id="${PRERENDER_STATE_ID}">${json}</script>\n  </body>`,
    );
  }
  return doc;
}
