import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../lib/toast.ts';
import type { Role } from '#shared/roles';
import { homePathFor, useSession } from '../lib/session.tsx';

const ROLE_NAMES: Record<Role, string> = { user: 'a customer', employee: 'an employee', admin: 'an admin' };

/**
 * An open tab follows its account: when the same person's role changes (an admin promoted them; the socket asks the
 * server, another tab stores it), the tab says so and moves to the new role's home instead of staying on pages that
 * role cannot use. A different person signing in is a login, not a change, and is left to the login page.
 */
export function FollowAccountChanges() {
  const { user } = useSession();
  const navigate = useNavigate();
  const seen = useRef<{ id: string; role: Role } | null>(null);
  useEffect(() => {
    const before = seen.current;
    seen.current = user ? { id: user.id, role: user.role } : null;
    if (!before || !user || before.id !== user.id || before.role === user.role) return;
    const home = homePathFor(user.role);
    if (!home) return;
    toast.info(`Your account is now ${ROLE_NAMES[user.role]} account.`, { toastId: 'role-changed' });
    void navigate(home, { replace: true });
  }, [user, navigate]);
  return null;
}
