import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './lib/query-client';
import { getStoredTheme } from './lib/storage';
import { applyTheme } from './lib/theme';
import './styles.css';

// Paint the last known theme before the first render; the server's value follows (app/theme-sync.tsx).
applyTheme(getStoredTheme());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
