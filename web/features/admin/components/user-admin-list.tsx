import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { AdminUser } from '#shared/auth';
import { MSG } from '#shared/messages';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { EmptyState, ErrorState } from '../../../components/states.tsx';
import { useChangeRoleMutation } from '../api/change-role.ts';
import { useDeleteUserMutation } from '../api/delete-user.ts';
import { getIdentityProof } from '../api/get-identity-proof.ts';
import { useAdminUsers, type UserKind } from '../api/list-users.ts';
import { confirmToast } from './confirm-toast.tsx';

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

  const remove = async (user: AdminUser) => {
    setBusyId(user.id);
    try {
      await deleteUser.mutateAsync(user.id);
      toast.success(MSG.userDeleted);
    } catch {
      toast.error(MSG.userDeleteFailed);
    } finally {
      setBusyId(null);
    }
  };

  const onDelete = (user: AdminUser) =>
    confirmToast({
      id: `delete-${user.id}`,
      message: `Delete ${user.name}? Their account, bookings and messages will be removed for good.`,
      confirmLabel: 'Delete',
      onConfirm: () => void remove(user),
    });

  const users = query.data?.pages.flatMap((p) => p.items) ?? [];
  const columns: Column<AdminUser>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (u) => u.name },
    { id: 'email', header: 'Email', className: 'break-all', cell: (u) => u.email },
    { id: 'phone', header: 'Phone', className: 'whitespace-nowrap', cell: (u) => u.phone },
    {
      id: 'joined',
      header: 'Joined',
      className: 'whitespace-nowrap',
      cell: (u) => new Date(u.createdAt).toLocaleDateString(),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      cell: (u) => (
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
      ),
    },
  ];

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
      {query.isError ? (
        <ErrorState
          message={text.failedPage}
          onRetry={() => {
            announced.current = 'none';
            void query.refetch();
          }}
        />
      ) : (
        <DataTable
          caption={text.caption}
          columns={columns}
          rows={users}
          rowKey={(u) => u.id}
          loading={query.isPending}
          loadingLabel={`Loading ${kind}…`}
          empty={<EmptyState title={q ? `No ${kind} match “${q}”` : text.empty}>{!q && text.emptyHint}</EmptyState>}
        />
      )}
      {query.hasNextPage && (
        <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load more
        </Button>
      )}
    </div>
  );
}
