import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { queryClient } from './lib/query-client.ts';
import { getStoredTheme, getToken, isTheme, storeTheme } from './lib/storage.ts';
import { applyTheme } from './lib/theme.ts';

// The server writes the site theme into the page it sends; without it (e.g. the Vite dev server) the last known
// theme is painted before the first render. The server's live value follows either way (app/theme-sync.tsx).
const served = document.documentElement.dataset.theme;
if (isTheme(served)) storeTheme(served);
else applyTheme(getStoredTheme());

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);
// Public pages arrive prerendered for an anonymous visitor (scripts/vite-prerender.ts): hydrate them. Someone
// signed in may see a different page (a redirect, their own navbar), so theirs is rendered afresh.
if (container.firstElementChild && !getToken()) hydrateRoot(container, app);
else createRoot(container).render(app);
