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
import { SOCKET_RECONNECT_ATTEMPTS } from '#shared/constants';
import { createReconnector, serverAnswered, type Reconnector } from './reconnect';
import { useSession } from './session';

/**
 * idle: signed out, no connection. connecting: first attempt or reconnecting after a drop (the spec's
 * "Connecting"). connected: online. failed: the server refused the token or every reconnect attempt failed.
 */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'failed';

interface SocketState {
  socket: Socket | null;
  status: SocketStatus;
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
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SocketState>({ socket: null, status: token ? 'connecting' : 'idle' });

  useEffect(() => {
    if (!token) {
      // Keep the same state object when already idle: a needless context change on the first render would make
      // React drop a prerendered page section that is still waiting for its code, and show its fallback instead.
      setState((prev) => (prev.socket === null && prev.status === 'idle' ? prev : { socket: null, status: 'idle' }));
      return;
    }
    let cancelled = false;
    let socket: Socket | null = null;
    setState({ socket: null, status: 'connecting' });

    let retry: Reconnector | null = null;
    let dropped = false;

    void import('socket.io-client').then(
      ({ io }) => {
        if (cancelled) return;
        // Reconnection is ours (reconnect.ts): socket.io's stops after the spec's five attempts, and never retries a
        // handshake the server refused, even when it refused only because its database was away.
        const s = io({
          path: '/socket.io',
          auth: { token },
          transports: ['websocket', 'polling'],
          reconnection: false,
        });
        socket = s;
        const again = createReconnector(() => s.connect());
        retry = again;
        const set = (status: SocketStatus) => {
          if (!cancelled) setState({ socket: s, status });
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
        s.on('disconnect', (reason) => {
          if (reason === 'io client disconnect') return;
          dropped = true;
          // The server closing us on purpose (a role change) asks for a new handshake at once.
          if (reason === 'io server disconnect') s.connect();
          else lost();
        });
        s.on('connect_error', (err: Error & { data?: { retryable?: boolean } }) => {
          dropped = true;
          // Refused by the server's token check: trying again would not help. A server or database that is away
          // (a transport error, or a refusal marked retryable) is tried again on the schedule.
          if (!s.active && !err.data?.retryable) {
            again.reset();
            set('failed');
          } else lost();
        });
        set(s.connected ? 'connected' : 'connecting');
      },
      () => {
        if (!cancelled) setState({ socket: null, status: 'failed' });
      },
    );

    return () => {
      cancelled = true;
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
          setState({ socket: state.socket, status: 'connecting' });
          state.socket.connect();
        }
      },
    }),
    [state],
  );
  return createElement(SocketContext.Provider, { value }, children);
}

/** The live socket, or null while signed out or still loading. */
export function useSocket(): Socket | null {
  return useContext(SocketContext).socket;
}

/** Connection state of the app's socket, plus reconnect() for a Retry button. */
export function useSocketStatus(): { status: SocketStatus; reconnect: () => void } {
  const { status, reconnect } = useContext(SocketContext);
  return { status, reconnect };
}

/** Subscribes to a socket event for the lifetime of the component; the latest handler is always called. */
export function useSocketEvent<Args extends unknown[]>(event: string, handler: (...args: Args) => void): void {
  const socket = useSocket();
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!socket) return;
    const listener = (...args: unknown[]) => ref.current(...(args as Args));
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}
