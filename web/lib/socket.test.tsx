import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, storeSignedIn } from '../test/utils.tsx';
import { createQueryClient } from './query-client.ts';
import { SessionProvider } from './session.tsx';
import { SocketProvider, useSocketStatus } from './socket.ts';

declare const jsdom: { reconfigure(options: { url: string }): void };

/** A real Socket.IO server whose handshake check the test controls. */
let server: http.Server;
let io: Server;
let refuse: (() => Error | null) | null = null;
let handshakes = 0;

beforeAll(async () => {
  server = http.createServer();
  io = new Server(server, { path: '/socket.io', transports: ['websocket', 'polling'] });
  io.use((_socket, next) => {
    handshakes += 1;
    next(refuse?.() ?? undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The app connects to its own origin: make the page's origin this server.
  jsdom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
});
afterAll(async () => {
  await io.close();
});

function Status() {
  const { status } = useSocketStatus();
  return <p>status: {status}</p>;
}

function renderSocket() {
  storeSignedIn(makeUser(), 'good-token');
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider validateOnMount={false}>
        <SocketProvider>
          <Status />
        </SocketProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('the app socket', () => {
  it('keeps trying a handshake the server refused because its database was away, and connects once it is back', async () => {
    handshakes = 0;
    let refusals = 2;
    refuse = () => {
      if (refusals <= 0) return null;
      refusals -= 1;
      return Object.assign(new Error('The service is temporarily unavailable. Retrying...'), {
        data: { code: 'UNAVAILABLE', retryable: true },
      });
    };
    const { unmount } = renderSocket();
    expect(await screen.findByText('status: connected', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(handshakes).toBe(3);
    unmount();
  });

  it('does not keep knocking with a token the server refused', async () => {
    handshakes = 0;
    refuse = () => new Error('Authentication failed');
    const { unmount } = renderSocket();
    expect(await screen.findByText('status: failed', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(handshakes).toBe(1);
    unmount();
  });
});
