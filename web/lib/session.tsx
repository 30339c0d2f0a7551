import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from './toast.ts';
import type { User } from '#shared/auth';
import { STORAGE_KEYS } from './storage.ts';
import { AUTH_FAILED } from '#shared/session-messages';
import { ApiError, answer, checked, client, endSessionOnServer, setUnauthorizedHandler } from './api-client.ts';
import { clearSession, getStoredUser, getToken, storeSession, storeUser } from './storage.ts';

type SessionStatus = 'anonymous' | 'validating' | 'authenticated';

export interface SessionValue {
  user: User | null;
  token: string | null;
  /** 'validating' while GET /api/auth/me re-checks a stored token on load. */
  status: SessionStatus;
  /** Stores token and user after login or registration. */
  login: (token: string, user: User) => void;
  /**
   * Clears token, user and every cached query: the person signs out, and the server ends the session too, unless
   * `endedOnServer` says it already did (signed out everywhere, password reset).
   */
  logout: (opts?: { endedOnServer?: boolean }) => void;
  /**
   * True once the person signed out (here or in another tab); false while signed in, before any sign-in, and after a
   * session the server refused. A guard sends the signed-out to /login without offering to bring them back.
   */
  signedOut: boolean;
  /** Replaces the stored user (profile edits). */
  updateUser: (user: User) => void;
  /**
   * Asks the server who this session is now (the socket says when something changed it: a new role, or the session
   * ended elsewhere). A new role replaces the stored user; an ended session signs out through the 401 handler.
   */
  recheck: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Where each role lands after login (spec section 4); null for a role the web app does not know. */
export function homePathFor(role: string | undefined | null): string | null {
  if (role === 'user') return '/homeusers';
  if (role === 'employee') return '/employee/home';
  if (role === 'admin') return '/admin/home';
  return null;
}

/**
 * GET /api/auth/me for the session `stored`: hands the fresh user to `apply` unless another login happened meanwhile.
 * A 401 for this very session ends it (`expire`); network or server trouble keeps it (the next request will tell).
 */
async function reloadUser(
  stored: string,
  signal: AbortSignal | undefined,
  expire: () => void,
  apply: (fresh: User) => void,
): Promise<void> {
  try {
    // The account is stored and decides the pages shown, so its shape is checked; the schema (and zod) load beside
    // the request, not with every page's first script.
    const [{ UserSchema }, me] = await Promise.all([
      import('#shared/auth'),
      answer(client.GET('/api/auth/me', { signal })),
    ]);
    const fresh = checked(UserSchema, me);
    // A login in the meantime wins over this older check.
    if (getToken() === stored) apply(fresh);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && getToken() === stored) expire();
  }
}

/**
 * Holds the signed-in user. The stored token is re-validated with GET /api/auth/me on load; a 401 there (or on
 * any later request that carried the token) clears the session with 'Authentication failed'.
 */
export function SessionProvider({
  children,
  validateOnMount = true,
}: {
  children: ReactNode;
  validateOnMount?: boolean;
}) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => getToken());
  const [user, setUser] = useState<User | null>(() => (getToken() ? getStoredUser() : null));
  const [validating, setValidating] = useState<boolean>(() => validateOnMount && !!getToken());
  const [signedOut, setSignedOut] = useState(false);
  const expiredToastShown = useRef(false);

  const clear = useCallback(() => {
    clearSession();
    setToken(null);
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  const logout = useCallback(
    (opts: { endedOnServer?: boolean } = {}) => {
      const ending = getToken();
      clear();
      setSignedOut(true);
      // The server ends the session too: the token stops working, wherever a copy of it is.
      if (ending && !opts.endedOnServer) void endSessionOnServer(ending);
    },
    [clear],
  );

  const expire = useCallback(() => {
    clear();
    setSignedOut(false);
    if (!expiredToastShown.current) {
      expiredToastShown.current = true;
      toast.error(AUTH_FAILED, { toastId: 'auth-failed' });
    }
  }, [clear]);

  const login = useCallback((nextToken: string, nextUser: User) => {
    storeSession(nextToken, nextUser);
    expiredToastShown.current = false;
    setSignedOut(false);
    setToken(nextToken);
    setUser(nextUser);
  }, []);

  const updateUser = useCallback((nextUser: User) => {
    storeUser(nextUser);
    setUser(nextUser);
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(expire);
    return () => setUnauthorizedHandler(null);
  }, [expire]);

  useEffect(() => {
    if (!validateOnMount) return;
    const stored = getToken();
    if (!stored) return;
    const controller = new AbortController();
    void reloadUser(stored, controller.signal, expire, (fresh) => {
      storeUser(fresh);
      setUser(fresh);
    }).finally(() => {
      if (!controller.signal.aborted) setValidating(false);
    });
    return () => controller.abort();
  }, [validateOnMount, expire]);

  const recheck = useCallback(async () => {
    const stored = getToken();
    if (!stored) return;
    await reloadUser(stored, undefined, expire, (fresh) => {
      storeUser(fresh);
      setUser((prev) => (prev && prev.role === fresh.role && prev.name === fresh.name ? prev : fresh));
    });
  }, [expire]);

  // Another tab logged in or out: follow it, so two tabs never act as different people.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== null && e.key !== STORAGE_KEYS.token && e.key !== STORAGE_KEYS.user) return;
      const nextToken = getToken();
      setToken(nextToken);
      setUser(nextToken ? getStoredUser() : null);
      setSignedOut(!nextToken);
      if (!nextToken) queryClient.clear();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const value = useMemo<SessionValue>(
    () => ({
      user,
      token,
      status: !token || !user ? 'anonymous' : validating ? 'validating' : 'authenticated',
      login,
      logout,
      signedOut,
      updateUser,
      recheck,
    }),
    [user, token, validating, login, logout, signedOut, updateUser, recheck],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The current session: { user, token, status, login, logout, signedOut, updateUser }. */
export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession must be used inside <SessionProvider>');
  return v;
}
