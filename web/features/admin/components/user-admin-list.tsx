import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { AdminUser } from '#shared/auth';
import { MSG } from '#shared/messages';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useChangeRoleMutation } from '../api/change-role';
import { useDeleteUserMutation } from '../api/delete-user';
import { getIdentityProof } from '../api/get-identity-proof';
import { useAdminUsers, type UserKind } from '../api/list-users';
import { confirmToast } from './confirm-toast';

const TEXT = {
  employees: {
    loaded: MSG.employeesLoaded,
    failed: MSG.employeesLoadFailed,
    failedPage: MSG.employeesLoadFailedPage,
    empty: 'No employees yet',
    emptyHint: 'Make a customer an employee from the Customer page.',
    action: 'Make customer',
    newRole: 'user' as const,
    caption: 'Employees',
  },
  customers: {
    loaded: MSG.customersLoaded,
    failed: MSG.customersLoadFailed,
    failedPage: MSG.customersLoadFailedPage,
    empty: 'No customers yet',
    emptyHint: 'Customers appear here once they sign up.',
    action: 'Make employee',
    newRole: 'employee' as const,
    caption: 'Customers',
  },
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
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

/** The admin's table of customers or employees: search, change role, delete with confirmation. */
export function UserAdminList({ kind }: { kind: UserKind }) {
  const text = TEXT[kind];
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const query = useAdminUsers(kind, q);
  const changeRole = useChangeRoleMutation();
  const deleteUser = useDeleteUserMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  // The spec's load toasts: once per load the admin asked for, not on every background refresh.
  const announced = useRef<'none' | 'ok' | 'failed'>('none');
  useEffect(() => {
    if (query.isSuccess && announced.current === 'none') {
      announced.current = 'ok';
      toast.success(text.loaded, { toastId: `${kind}-loaded` });
    }
    if (query.isError && announced.current !== 'failed') {
      announced.current = 'failed';
      toast.error(text.failed, { toastId: `${kind}-failed` });
    }
  }, [query.isSuccess, query.isError, kind, text]);

  const onChangeRole = async (user: AdminUser) => {
    setBusyId(user.id);
    try {
      await changeRole.mutateAsync({ id: user.id, role: text.newRole });
      toast.success(MSG.roleUpdated);
    } catch {
      toast.error(MSG.roleUpdateFailed);
    } finally {
      setBusyId(null);
    }
  };

  const onDelete = (user: AdminUser) =>
    confirmToast({
      id: `delete-${user.id}`,
      message: `Delete ${user.name}? Their account, bookings and messages will be removed for good.`,
      confirmLabel: 'Delete',
      onConfirm: async () => {
        setBusyId(user.id);
        try {
          await deleteUser.mutateAsync(user.id);
          toast.success(MSG.userDeleted);
        } catch {
          toast.error(MSG.userDeleteFailed);
        } finally {
          setBusyId(null);
        }
      },
    });

  const users = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="space-y-4">
      <div className="max-w-sm rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5">
        <TextField
          label={`Search ${kind}`}
          type="search"
          placeholder="Name or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {query.isPending ? (
        <LoadingState label={`Loading ${kind}…`} />
      ) : query.isError ? (
        <ErrorState
          message={text.failedPage}
          onRetry={() => {
            announced.current = 'none';
            void query.refetch();
          }}
        />
      ) : users.length === 0 ? (
        <EmptyState title={q ? `No ${kind} match “${q}”` : text.empty}>{!q && text.emptyHint}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl bg-white text-ink shadow-sm ring-1 ring-black/5">
          <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
            <caption className="sr-only">{text.caption}</caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Email
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Phone
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Joined
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {users.map((u) => (
                <tr key={u.id}>
                  <th scope="row" className="px-4 py-3 font-medium">
                    {u.name}
                  </th>
                  <td className="px-4 py-3 break-all">{u.email}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{u.phone}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{new Date(u.createdAt).toLocaleDateString()}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap justify-end gap-2">
                      {u.hasIdentityProof && (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => void openIdentityProof(u)}
                          aria-label={`View identity proof of ${u.name}`}
                        >
                          View ID
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={busyId === u.id && changeRole.isPending}
                        disabled={busyId === u.id}
                        onClick={() => void onChangeRole(u)}
                        aria-label={`${text.action}: ${u.name}`}
                      >
                        {text.action}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        loading={busyId === u.id && deleteUser.isPending}
                        disabled={busyId === u.id}
                        onClick={() => onDelete(u)}
                        aria-label={`Delete ${u.name}`}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load more
        </Button>
      )}
    </div>
  );
}
