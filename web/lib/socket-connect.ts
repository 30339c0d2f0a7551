import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import {
  RESYNC_EVENT,
  SOCKET_RECONNECT_ATTEMPTS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '#shared/realtime';
import { parseServerEvent } from '#shared/realtime-schemas';
import { createReconnector, serverAnswered, type Reconnector } from './reconnect.ts';

/** The app's socket, typed by the shared event maps. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * idle: signed out, no connection. connecting: first attempt or reconnecting after a drop (the spec's
 * "Connecting"). connected: online. failed: the server refused the token or every reconnect attempt failed.
 */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'failed';

export interface SocketState {
  socket: AppSocket | null;
  status: SocketStatus;
  /** Checks a server event's payload against its shared schema; loaded with the socket, so set whenever it is. */
  parse?: typeof parseServerEvent;
}

/**
 * Opens the signed-in tab's connection (socket.ts loads this module, with socket.io-client and the payload
 * schemas, only when someone is signed in) and reports its state as it changes.
 */
export function openSocket(
  token: string,
  {
    queryClient,
    recheck,
    onState,
  }: { queryClient: QueryClient; recheck: () => Promise<void>; onState: (state: SocketState) => void },
): { socket: AppSocket; retry: Reconnector } {
  let dropped = false;
  // Reconnection is ours (reconnect.ts): socket.io's stops after the spec's five attempts, and never retries a
  // handshake the server refused, even when it refused only because its database was away.
  const s: AppSocket = io({
    path: '/socket.io',
    auth: { token },
    transports: ['websocket', 'polling'],
    reconnection: false,
  });
  const again = createReconnector(() => s.connect());
  const set = (status: SocketStatus) => {
    onState({ socket: s, status, parse: parseServerEvent });
  };
  const lost = () => set(again.failed() > SOCKET_RECONNECT_ATTEMPTS ? 'failed' : 'connecting');
  s.on('connect', () => {
    again.reset();
    serverAnswered();
    // Events sent while this tab was away were missed: every list on screen (failed ones too) loads again.
    if (dropped) void queryClient.invalidateQueries();
    dropped = false;
    set('connected');
  });
  // The server's link to its other processes is back: their events of the meantime never reached this tab.
  s.on(RESYNC_EVENT, () => void queryClient.invalidateQueries());
  s.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return;
    dropped = true;
    // The server closes us on purpose when this account changed: a new role (the tab moves to the new role's
    // home), or this session ended elsewhere (signed out everywhere, a password reset: the tab signs out now,
    // not at its next click). It asks who we are, then shakes hands again.
    if (reason === 'io server disconnect') {
      void recheck();
      s.connect();
    } else lost();
  });
  s.on('connect_error', (err: Error & { data?: { retryable?: boolean } }) => {
    dropped = true;
    // Refused by the server's token check: trying again would not help. A server or database that is away
    // (a transport error, or a refusal marked retryable) is tried again on the schedule.
    if (!s.active && !err.data?.retryable) {
      again.reset();
      set('failed');
      // The token itself may have ended: the session check signs the tab out if so.
      void recheck();
    } else lost();
  });
  set(s.connected ? 'connected' : 'connecting');
  return { socket: s, retry: again };
}
