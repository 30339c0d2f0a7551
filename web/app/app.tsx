import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { recoverFailedQueries } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session.tsx';
import { SocketProvider } from '../lib/socket.ts';
import { AppShell } from './root.tsx';

/** Data cache, session and socket around a router (the browser's, or a static one when prerendering). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => recoverFailedQueries(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SocketProvider>{children}</SocketProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}

/** The whole app in the browser. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
    </AppProviders>
  );
}
