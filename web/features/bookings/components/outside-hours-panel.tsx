import { OutsideHoursList } from '../../../components/outside-hours-list.tsx';
import { Button } from '../../../components/button.tsx';
import { ErrorState, Spinner } from '../../../components/states.tsx';
import { useOutsideHours } from '../api/get-outside-hours.ts';

/**
 * The staff's list of upcoming bookings that the clinic's current hours or closures no longer cover, for them to
 * move or cancel with each customer. It follows booking events and settings changes live.
 */
export function OutsideHoursPanel({ headingLevel: H = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const query = useOutsideHours();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="outside-hours-title" className="space-y-3">
      <H id="outside-hours-title" className="themed text-2xl font-semibold">
        Bookings outside the opening hours
      </H>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner className="h-4 w-4" /> Loading…
        </p>
      ) : query.isError ? (
        <ErrorState
          message="We could not load the bookings outside the opening hours."
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="themed text-sm">Every upcoming booking is within the clinic&apos;s opening hours.</p>
      ) : (
        <>
          <p className="themed text-sm">
            The clinic&apos;s hours changed after these were booked. They are not canceled: move or cancel each with the
            customer.
          </p>
          <OutsideHoursList items={items} label="Bookings outside the opening hours" />
          {query.hasNextPage && (
            <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Show more
            </Button>
          )}
        </>
      )}
    </section>
  );
}
