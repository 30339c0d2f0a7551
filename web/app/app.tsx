import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../lib/session';
import { SocketProvider } from '../lib/socket';
import { AppShell } from './root';

/** The whole app: data cache, session, socket, router. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SocketProvider>
          <BrowserRouter>
            <AppShell />
          </BrowserRouter>
        </SocketProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
