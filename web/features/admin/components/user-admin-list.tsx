import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { AdminUser } from '#shared/auth';
import { formatDay, zonedDateTime } from '#shared/dates';
import { MSG } from '#shared/messages';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { CardsOrTable } from '../../../components/cards-or-table.tsx';
import { EmailAddress } from '../../../components/email-address.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useClinicTimeZone } from '../../../lib/clinic-time.ts';
import { useAdminUsers, type UserKind } from '../api/list-users.ts';
import { useUserActions } from '../hooks/use-user-actions.ts';
import { EmailState, UserRowActions } from './user-row.tsx';

const TEXT = {
  employees: {
    loaded: MSG.employeesLoaded,
    failed: MSG.employeesLoadFailed,
    failedPage: MSG.employeesLoadFailedPage,
    empty: 'No employees yet',
    emptyHint: 'Invite one above, or make a customer an employee from the Customer page.',
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

/** The admin's table of customers or employees: search, change role, delete with confirmation. */
export function UserAdminList({ kind }: { kind: UserKind }) {
  const text = TEXT[kind];
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const query = useAdminUsers(kind, q);
  const userActions = useUserActions(text.newRole);

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

  const users = query.data?.pages.flatMap((p) => p.items) ?? [];
  const actions = (u: AdminUser) => <UserRowActions user={u} actions={userActions} roleAction={text.action} />;
  const timeZone = useClinicTimeZone();
  const joined = (u: AdminUser) => formatDay(zonedDateTime(new Date(u.createdAt), timeZone).date);
  const columns: Column<AdminUser>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (u) => u.name },
    // Wide enough that a long address takes at most two lines, however long the names beside it; it wraps only
    // before its @ or a dot.
    { id: 'email', header: 'Email', className: 'min-w-56', cell: (u) => <EmailAddress email={u.email} /> },
    { id: 'verified', header: 'E-mail status', className: 'whitespace-nowrap', cell: (u) => <EmailState user={u} /> },
    { id: 'phone', header: 'Phone', className: 'whitespace-nowrap', cell: (u) => u.phone },
    {
      id: 'joined',
      header: 'Joined',
      className: 'whitespace-nowrap',
      cell: joined,
    },
    { id: 'actions', header: 'Actions', hideHeader: true, cell: (u) => actions(u) },
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
      ) : query.isPending ? (
        <LoadingState label={`Loading ${kind}…`} />
      ) : users.length === 0 ? (
        <EmptyState title={q ? `No ${kind} match “${q}”` : text.empty}>{!q && text.emptyHint}</EmptyState>
      ) : (
        // Six columns and three buttons do not fit a tablet: cards up to the lg breakpoint.
        <CardsOrTable
          caption={text.caption}
          columns={columns}
          rows={users}
          rowKey={(u) => u.id}
          tableFrom="lg"
          cardHeader={(u) => (
            <>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-lg font-semibold break-words">{u.name}</h2>
                <EmailState user={u} />
              </div>
              {/* A line of its own: the address wraps only when it is longer than the card is wide. */}
              <EmailAddress email={u.email} className="mt-1 text-sm text-ink-muted" />
            </>
          )}
          cardDetails={(u) => [
            ['Phone', u.phone],
            ['Joined', joined(u)],
          ]}
          cardActions={actions}
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
