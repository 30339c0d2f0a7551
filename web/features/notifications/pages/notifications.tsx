import { Link, useNavigate } from 'react-router';
import { notificationLink, type Notification } from '#shared/notifications';
import { Button } from '../../../components/button.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { useSession } from '../../../lib/session.tsx';
import { toast } from '../../../lib/toast.ts';
import { useMarkAllRead, useMarkRead, useNotificationPages, useUnreadNotifications } from '../api.ts';

/** One notification: its title (a link to what it is about, which also marks it read), body and time. */
function NotificationRow({ n }: { n: Notification }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const formatInstant = useFormatInstant();
  const markRead = useMarkRead();
  const to = user ? notificationLink(n, user.role) : null;
  const read = () => {
    if (!n.read) markRead.mutate(n.id, { onError: (err) => toast.error(errorMessage(err, 'Could not mark it read.')) });
  };
  return (
    <li
      className={`rounded-xl p-4 text-ink shadow-sm ring-1 ${n.read ? 'bg-white ring-black/5' : 'bg-brand-50 ring-brand-200'}`}
    >
      <article aria-label={n.title}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 className="text-base font-semibold break-words">
            {!n.read && <span className="sr-only">Unread: </span>}
            {to ? (
              <Link
                to={to}
                className="underline-offset-2 hover:underline"
                onClick={(e) => {
                  e.preventDefault();
                  read();
                  void navigate(to);
                }}
              >
                {n.title}
              </Link>
            ) : (
              n.title
            )}
          </h2>
          <time dateTime={n.createdAt} className="text-sm text-ink-muted">
            {formatInstant(n.createdAt)}
          </time>
        </div>
        {n.body && <p className="mt-1 text-sm break-words">{n.body}</p>}
        {!n.read && (
          <div className="mt-2">
            <Button size="sm" variant="secondary" loading={markRead.isPending} onClick={read}>
              Mark read<span className="sr-only">: {n.title}</span>
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}

/**
 * /notifications, for every signed-in person: everything the app told them, newest first, page by page, the unread
 * ones marked, each linking to what it is about; new ones arrive live and a read in another tab shows here at once.
 */
export default function NotificationsPage() {
  const list = useNotificationPages();
  const unread = useUnreadNotifications();
  const markAll = useMarkAllRead();
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <PageShell
      title="Notifications"
      intro={unread > 0 ? `${unread} unread.` : 'Everything is read.'}
      actions={
        unread > 0 && (
          <Button
            variant="secondary"
            loading={markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, {
                onError: (err) => toast.error(errorMessage(err, 'Could not mark them read.')),
              })
            }
          >
            Mark all read
          </Button>
        )
      }
    >
      {list.isPending ? (
        <LoadingState label="Loading your notifications…" />
      ) : list.isError ? (
        <ErrorState
          message={errorMessage(list.error, 'Could not load your notifications.')}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title="No notifications yet.">
          Bookings, visits, orders and reminders will be listed here as they happen.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {rows.map((n) => (
            <NotificationRow key={n.id} n={n} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <div className="mt-4">
          <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </PageShell>
  );
}
