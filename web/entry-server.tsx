import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from './app/app.tsx';
import { AppShell } from './app/root.tsx';
import { TitleSink } from './components/page-shell.tsx';
import { createQueryClient } from './lib/query-client.ts';

/**
 * Renders a public page to HTML at build time (scripts/vite-prerender.ts), as an anonymous visitor with no data
 * loaded yet: exactly what the browser's first render produces, so main.tsx can hydrate it instead of painting
 * from scratch. Lazy pages are awaited, so /login and /products arrive whole.
 */
export async function render(url: string): Promise<{ html: string; title: string | undefined }> {
  const sink: { title?: string } = {};
  const { prelude } = await prerender(
    <TitleSink value={sink}>
      <AppProviders queryClient={createQueryClient()}>
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
  return { html, title: sink.title };
}
