import type { Role } from '#shared/roles';

/**
 * What /login is told by a guard that sent a visitor there: the page they asked for and who may open it, so that
 * after logging in they land on it (a link from an e-mail, a bookmark) rather than on their home page.
 */
export interface LoginReturn {
  from: string;
  roles: readonly Role[];
}

/** The page to open after logging in as `role`: the one a guard sent the visitor away from, when `role` may open it. */
export function returnPath(state: unknown, role: Role): string | null {
  if (!state || typeof state !== 'object') return null;
  const { from, roles } = state as Partial<LoginReturn>;
  // Only a path of this site (never '//host'), and only for a role the guard would let in.
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  return Array.isArray(roles) && roles.includes(role) ? from : null;
}
