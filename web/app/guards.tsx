import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Role } from '#shared/constants';
import { useSession } from '../lib/session.tsx';

/**
 * Shows its children only to a signed-in user of one of the roles; everyone else goes to /login. The stored user
 * decides at once (as the spec does); if the server later rejects the token the session clears and this redirects.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user } = useSession();
  if (!user || !roles.includes(user.role)) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
