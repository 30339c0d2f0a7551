import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Socket } from 'socket.io-client';
import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_RECONNECT_ATTEMPTS } from '#shared/realtime';
import {
  RESYNC_EVENT,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '#shared/realtime';
import type { parseServerEvent } from '#shared/realtime-schemas';
import { createReconnector, serverAnswered, type Reconnector } from './reconnect.ts';
import { useSession } from './session.tsx';

/**
 * idle: signed out, no connection. connecting: first attempt or reconnecting after a drop (the spec's
 * "Connecting"). connected: online. failed: the server refused the token or every reconnect attempt failed.
 */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'failed';

/** The app's socket, typed by the shared event maps. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface SocketState {
  socket: AppSocket | null;
  status: SocketStatus;
  /** Checks a server event's payload against its shared schema; loaded with the socket, so set whenever it is. */
  parse?: typeof parseServerEvent;
}

interface SocketContextValue extends SocketState {
  /** Starts connecting again after a failure (e.g. a Retry button). */
  reconnect: () => void;
}

const SocketContext = createContext<SocketContextValue>({ socket: null, status: 'idle', reconnect: () => {} });

/**
 * One authenticated Socket.IO connection for the whole app, open only while someone is signed in. A new token
 * (login, logout, another account) closes the old connection and opens a new one. socket.io-client is loaded on
 * demand, so anonymous visitors never download it.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const { token, recheck } = useSession();
  const queryClient = useQueryClient();
  // Read through a ref: a new function identity must not reopen the connection.
  const recheckRef = useRef(recheck);
  useLayoutEffect(() => {
    recheckRef.current = recheck;
  });
  const [state, setState] = useState<SocketState>({ socket: null, status: token ? 'connecting' : 'idle' });

  useEffect(() => {
    if (!token) {
      // Keep the same state object when already idle: a needless context change on the first render would make
      // React drop a prerendered page section that is still waiting for its code, and show its fallback instead.
      setState((prev) => (prev.socket === null && prev.status === 'idle' ? prev : { socket: null, status: 'idle' }));
      return;
    }
    let canceled = false;
    let socket: AppSocket | null = null;
    setState({ socket: null, status: 'connecting' });

    let retry: Reconnector | null = null;
    let dropped = false;

    // The payload schemas come with the socket library: only a signed-in tab needs either.
    void Promise.all([import('socket.io-client'), import('#shared/realtime-schemas')]).then(
      ([{ io }, { parseServerEvent }]) => {
        if (canceled) return;
        // Reconnection is ours (reconnect.ts): socket.io's stops after the spec's five attempts, and never retries a
        // handshake the server refused, even when it refused only because its database was away.
        const s: AppSocket = io({
          path: '/socket.io',
          auth: { token },
          transports: ['websocket', 'polling'],
          reconnection: false,
        });
        socket = s;
        const again = createReconnector(() => s.connect());
        retry = again;
        const set = (status: SocketStatus) => {
          if (!canceled) setState({ socket: s, status, parse: parseServerEvent });
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
            void recheckRef.current();
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
            void recheckRef.current();
          } else lost();
        });
        set(s.connected ? 'connected' : 'connecting');
      },
      () => {
        if (!canceled) setState({ socket: null, status: 'failed' });
      },
    );

    return () => {
      canceled = true;
      retry?.stop();
      socket?.removeAllListeners();
      socket?.io.removeAllListeners();
      socket?.disconnect();
    };
  }, [token, queryClient]);

  const value = useMemo<SocketContextValue>(
    () => ({
      ...state,
      reconnect: () => {
        if (state.socket && !state.socket.connected) {
          setState({ ...state, status: 'connecting' });
          state.socket.connect();
        }
      },
    }),
    [state],
  );
  return createElement(SocketContext.Provider, { value }, children);
}

/** The live socket, or null while signed out or still loading. */
export function useSocket(): AppSocket | null {
  return useContext(SocketContext).socket;
}

/** Connection state of the app's socket, plus reconnect() for a Retry button. */
export function useSocketStatus(): { status: SocketStatus; reconnect: () => void } {
  const { status, reconnect } = useContext(SocketContext);
  return { status, reconnect };
}

/**
 * Subscribes to a server event for the lifetime of the component; the latest handler is always called, with the
 * payload parsed by its shared schema. A payload that does not parse is dropped (with a warning), never handled.
 */
export function useSocketEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): void {
  const { socket, parse } = useContext(SocketContext);
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!socket || !parse) return;
    // Listeners take the raw payload, whatever the server sent: the untyped view of the same socket says so.
    const raw: Socket = socket;
    const name: string = event;
    const listener = (payload: unknown) => {
      const parsed = parse(event, payload);
      if (parsed.ok) ref.current(parsed.payload);
    };
    raw.on(name, listener);
    return () => {
      raw.off(name, listener);
    };
  }, [socket, parse, event]);
}
