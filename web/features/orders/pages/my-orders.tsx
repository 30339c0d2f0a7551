import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { LinkButton } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { ConnectionNotice } from '../../../components/connection-notice.tsx';
import { OrderList } from '../components/order-list.tsx';
import { useLiveOrders } from '../lib/use-live-orders.ts';

/** /customer/my-orders: the customer's orders, newest first, with live status updates. */
export default function MyOrdersPage() {
  const orders = useMyOrders();
  useLiveOrders();
  const list = orders.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <PageShell
      title="My orders"
      intro="Everything you have ordered from our shop, newest first."
      actions={
        <>
          <LinkButton to="/customer/invoices" variant="secondary">
            Invoices
          </LinkButton>
          <LinkButton to="/customer/product">Shop more</LinkButton>
        </>
      }
    >
      <div className="mb-6 empty:hidden">
        <ConnectionNotice what="this list" />
      </div>
      {orders.isPending ? (
        <LoadingState label="Loading your orders…" />
      ) : orders.isError ? (
        <ErrorState
          message={errorMessage(orders.error, 'Could not load your orders. Please try again.')}
          onRetry={() => void orders.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyState title="You have not ordered anything yet">
          <LinkButton to="/customer/product" className="mt-2">
            Shop Now
          </LinkButton>
        </EmptyState>
      ) : (
        <OrderList
          orders={list}
          orderHref={(o) => `/customer/my-orders/${o.id}`}
          hasMore={orders.hasNextPage}
          loadingMore={orders.isFetchingNextPage}
          onLoadMore={() => void orders.fetchNextPage()}
        />
      )}
    </PageShell>
  );
}
