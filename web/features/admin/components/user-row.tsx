import { toast } from '../../../lib/toast.ts';
import type { AdminUser } from '#shared/auth';
import { RowMenu, type RowMenuItem } from '../../../components/row-menu.tsx';
import { getIdentityProof } from '../api/get-identity-proof.ts';
import type { UserActions } from '../hooks/use-user-actions.ts';

const EMAIL_STATES = {
  verified: { label: 'Verified', style: 'bg-green-100 text-green-900 ring-green-300' },
  unverified: { label: 'Not verified', style: 'bg-amber-100 text-amber-900 ring-amber-300' },
  invited: { label: 'Invited', style: 'bg-sky-100 text-sky-900 ring-sky-300' },
};

/**
 * Whether an account's e-mail address is verified. An unverified employee without an identity proof was invited
 * and has not accepted yet (sign-up always takes a proof, so a promoted customer has one).
 */
export function EmailState({ user }: { user: AdminUser }) {
  const state = user.emailVerified
    ? EMAIL_STATES.verified
    : user.role === 'employee' && !user.hasIdentityProof
      ? EMAIL_STATES.invited
      : EMAIL_STATES.unverified;
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${state.style}`}>
      {state.label}
    </span>
  );
}

async function openIdentityProof(user: AdminUser) {
  // Open the tab synchronously (popup blockers), then point it at the file once it has arrived.
  const tab = window.open('', '_blank');
  try {
    const blob = await getIdentityProof(user.id);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    tab?.close();
    toast.error(`Could not open the identity proof of ${user.name}`);
  }
}

/** An account's actions, in its row's menu: its identity proof, the change of role the list offers, and Delete. */
export function UserRowActions({
  user: u,
  actions,
  roleAction,
}: {
  user: AdminUser;
  actions: UserActions;
  /** The change of role's label ('Make employee', 'Make customer'). */
  roleAction: string;
}) {
  const items: RowMenuItem[] = [];
  if (u.hasIdentityProof)
    items.push({ label: 'View ID', ariaLabel: `View ID of ${u.name}`, onSelect: () => void openIdentityProof(u) });
  items.push(
    { label: roleAction, ariaLabel: `${roleAction}: ${u.name}`, onSelect: () => actions.changeRole(u) },
    { label: 'Delete', ariaLabel: `Delete ${u.name}`, danger: true, onSelect: () => actions.askToDelete(u) },
  );
  return (
    <div className="flex justify-end">
      <RowMenu label={`More actions for ${u.name}`} items={items} busy={actions.busyId === u.id} />
    </div>
  );
}
