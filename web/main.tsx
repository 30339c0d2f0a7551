import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './lib/query-client.ts';
import { getStoredTheme, getToken, isTheme, storeTheme } from './lib/storage.ts';
import { PRERENDER_STATE_ID } from '#shared/build';
import { applyTheme } from './lib/theme.ts';

// The server writes the site theme into the page it sends; without it (e.g. the Vite dev server) the last known
// theme is painted before the first render. The server's live value follows either way (app/theme-sync.tsx).
const served = document.documentElement.dataset.theme;
if (isTheme(served)) storeTheme(served);
else applyTheme(getStoredTheme());

const container = document.getElementById('root')!;
// A page the server rendered with live data (the catalogue) carries the answers it was rendered with: the first
// render starts from them, so it is the page the HTML shows.
const stateText = document.getElementById(PRERENDER_STATE_ID)?.textContent;
const state = stateText ? (JSON.parse(stateText) as DehydratedState) : null;
if (state) hydrate(queryClient, state);

/**
 * Once the page runs, its server-rendered answers are asked for again, so a change since the server's render (a
 * price, the stock) shows at once. Not before: a first render that is already fetching would not match the HTML.
 */
function RefreshServerData({ state }: { state: DehydratedState }) {
  useEffect(() => {
    for (const { queryKey } of state.queries) void queryClient.invalidateQueries({ queryKey, exact: true });
  }, [state]);
  return null;
}

const app = (
  <StrictMode>
    <App queryClient={queryClient} />
    {state && <RefreshServerData state={state} />}
  </StrictMode>
);
// Public pages arrive prerendered for an anonymous visitor (scripts/vite-prerender.ts): hydrate them. Someone
// signed in may see a different page (a redirect, their own navbar), so theirs is rendered afresh.
// Either way as a transition: React then renders in slices of a few milliseconds and lets the browser paint and
// answer input between them, instead of holding the main thread for the whole tree (on a phone, hundreds of
// milliseconds). A click on the page before it is hydrated makes React finish at once and replay the click.
startTransition(() => {
  if (container.firstElementChild && !getToken()) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
