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
import type { ServerEventName, ServerEventPayload } from '#shared/realtime';
import type { Reconnector } from './reconnect.ts';
import { useSession } from './session.tsx';
import type { AppSocket, SocketState, SocketStatus } from './socket-connect.ts';

export type { AppSocket, SocketStatus };

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

    // The connection's code comes with the socket library and the payload schemas: only a signed-in tab needs them.
    void import('./socket-connect.ts').then(
      ({ openSocket }) => {
        if (canceled) return;
        const opened = openSocket(token, {
          queryClient,
          recheck: () => recheckRef.current(),
          onState: (next) => {
            if (!canceled) setState(next);
          },
        });
        socket = opened.socket;
        retry = opened.retry;
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
