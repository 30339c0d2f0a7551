import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '#shared/roles';
import type { LoginReturn } from '../lib/login-return.ts';
import { useSession } from '../lib/session.tsx';

/**
 * Shows its children only to a signed-in user of one of the roles; everyone else goes to /login. The stored user
 * decides at once (as the spec does); if the server later rejects the token the session clears and this redirects.
 * A visitor not signed in (or whose session the server refused) is brought back to this page after logging in,
 * when their role may open it; someone who signed out is not.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user, signedOut } = useSession();
  const { pathname, search } = useLocation();
  if (!user) {
    // Someone who just signed out here is not brought back to this page by the next login (maybe someone else's).
    const back: LoginReturn | undefined = signedOut ? undefined : { from: pathname + search, roles };
    return <Navigate to="/login" replace state={back} />;
  }
  if (!roles.includes(user.role)) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
