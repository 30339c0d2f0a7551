import { createContext, createElement, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { SOCKET_RECONNECT_ATTEMPTS, SOCKET_RECONNECT_DELAY_MAX_MS, SOCKET_RECONNECT_DELAY_MS } from '#shared/constants';
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

    void import('socket.io-client').then(
      ({ io }) => {
        if (cancelled) return;
        const s = io({
          path: '/socket.io',
          auth: { token },
          transports: ['websocket', 'polling'],
          reconnection: true,
          reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
          reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
          reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
        });
        socket = s;
        const set = (status: SocketStatus) => {
          if (!cancelled) setState({ socket: s, status });
        };
        s.on('connect', () => set('connected'));
        s.on('disconnect', (reason) => {
          // The server closing us on purpose is not retried by socket.io itself.
          if (reason === 'io server disconnect') s.connect();
          set('connecting');
        });
        s.on('connect_error', () => {
          // Inactive means socket.io gave up (e.g. the server's auth middleware refused the token).
          set(s.active ? 'connecting' : 'failed');
        });
        s.io.on('reconnect_failed', () => set('failed'));
        set(s.connected ? 'connected' : 'connecting');
      },
      () => {
        if (!cancelled) setState({ socket: null, status: 'failed' });
      },
    );

    return () => {
      cancelled = true;
      socket?.removeAllListeners();
      socket?.io.removeAllListeners();
      socket?.disconnect();
    };
  }, [token]);

  // Back online after a failure: try again instead of staying offline until reload.
  useEffect(() => {
    const { socket, status } = state;
    if (!socket || status !== 'failed') return;
    const onOnline = () => socket.connect();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [state]);

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
