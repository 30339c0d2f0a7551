import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDay, todayIn } from '#shared/dates';
import { PET_SPECIES } from '#shared/pets';
import {
  VACCINATION_RECORDED_EVENT,
  doseLabel,
  type CareDueItem,
  type CareDueQuery,
  type DueState,
} from '#shared/vaccines';
import { Button } from '../../../components/button.tsx';
import { CardsOrTable } from '../../../components/cards-or-table.tsx';
import { CareStateBadge } from '../../../components/care-state-badge.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { client, page, type Page } from '../../../lib/api-client.ts';
import { careKeys, useVaccines } from '../../../lib/care.ts';
import { useClinicTimeZone } from '../../../lib/clinic-time.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { useSession } from '../../../lib/session.tsx';
import { useSocketEvent } from '../../../lib/socket.ts';

type Filters = { state: DueState; species: string; vaccineId: string; minDaysOverdue: string };
const PAGE = 50;

/** GET /api/care/due: one page of pets due soon or overdue (staff). */
function useCareDue(f: Filters) {
  const query: Partial<CareDueQuery> = {
    state: f.state,
    ...(f.species ? { species: f.species as CareDueQuery['species'] } : {}),
    ...(f.vaccineId ? { vaccineId: f.vaccineId } : {}),
    ...(f.state === 'overdue' && f.minDaysOverdue ? { minDaysOverdue: Number(f.minDaysOverdue) } : {}),
  };
  return useInfiniteQuery({
    queryKey: [...careKeys.due, f],
    queryFn: ({ pageParam, signal }) =>
      page(
        client.GET('/api/care/due', {
          params: { query: { ...query, limit: PAGE, cursor: pageParam ?? undefined } },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<CareDueItem>) => last.nextCursor,
    ...LIVE_QUERY,
  });
}

/**
 * A dose recorded for a pet takes its rows off these lists when the protocol is no longer due (or moves their date),
 * from the event's status, without a request.
 */
function useLiveDue() {
  const queryClient = useQueryClient();
  useSocketEvent(VACCINATION_RECORDED_EVENT, (e) => {
    queryClient.setQueriesData<InfiniteData<Page<CareDueItem>, unknown>>({ queryKey: careKeys.due }, (data) => {
      if (!data) return data;
      const pages = data.pages.map((p) => ({
        ...p,
        items: p.items.flatMap((row) => {
          if (row.petId !== e.petId) return [row];
          const now = e.status.find((s) => s.vaccineId === row.vaccineId);
          if (!now?.nextDueOn || now.state !== row.state) return [];
          return [{ ...row, nextDueOn: now.nextDueOn, nextDoseNumber: now.nextDoseNumber }];
        }),
      }));
      return { ...data, pages };
    });
  });
}

const overdueDays = (row: CareDueItem, today: string) =>
  Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${row.nextDueOn}T00:00:00Z`)) / 86_400_000);

/** /employee/care-due and /admin/care-due: the pets due soon or overdue for a protocol, to call and book. */
export default function CareDuePage() {
  useLiveDue();
  const tz = useClinicTimeZone();
  const today = todayIn(tz);
  const { user } = useSession();
  const petPath = user?.role === 'employee' ? '/employee/pets/' : null;
  const [filters, setFilters] = useState<Filters>({ state: 'overdue', species: '', vaccineId: '', minDaysOverdue: '' });
  const vaccines = useVaccines();
  const due = useCareDue(filters);
  const rows = due.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (key: keyof Filters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  const pet = (r: CareDueItem) =>
    petPath ? (
      <Link className="font-medium underline" to={`${petPath}${encodeURIComponent(r.petId)}`}>
        {r.petName}
      </Link>
    ) : (
      <span className="font-medium">{r.petName}</span>
    );
  const when = (r: CareDueItem) =>
    r.state === 'overdue' ? `${formatDay(r.nextDueOn)} (${overdueDays(r, today)} days ago)` : formatDay(r.nextDueOn);
  const what = (r: CareDueItem) => `${r.vaccineName}, ${doseLabel(r.nextDoseNumber, r.seriesDoses).toLowerCase()}`;
  const owner = (r: CareDueItem) => (
    <>
      <span className="block">{r.ownerName}</span>
      {r.ownerPhone && (
        <a className="underline" href={`tel:${r.ownerPhone}`}>
          {r.ownerPhone}
        </a>
      )}
    </>
  );
  const columns: Column<CareDueItem>[] = [
    { id: 'pet', header: 'Pet', rowHeader: true, cell: pet },
    { id: 'what', header: 'Due', cell: what },
    { id: 'when', header: 'Due on', cell: when },
    { id: 'owner', header: 'Owner', cell: owner },
    { id: 'state', header: 'Status', cell: (r) => <CareStateBadge state={r.state} /> },
  ];

  let body;
  if (due.isPending) body = <LoadingState label="Loading the list…" />;
  else if (due.isError) body = <ErrorState message="Could not load the list." onRetry={() => void due.refetch()} />;
  else if (rows.length === 0)
    body = (
      <EmptyState title={filters.state === 'overdue' ? 'Nothing overdue' : 'Nothing due soon'}>
        No pet matches these filters.
      </EmptyState>
    );
  else
    body = (
      <>
        <CardsOrTable
          caption={filters.state === 'overdue' ? 'Overdue' : 'Due soon'}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          cardHeader={(r) => (
            <div className="flex items-start justify-between gap-2">
              <h2 className="text-lg font-semibold">{pet(r)}</h2>
              <CareStateBadge state={r.state} />
            </div>
          )}
          cardDetails={(r) => [
            ['Due', what(r)],
            ['Due on', when(r)],
            ['Owner', owner(r)],
          ]}
          cardActions={() => null}
        />
        {due.hasNextPage && (
          <Button
            className="mt-4"
            variant="secondary"
            loading={due.isFetchingNextPage}
            onClick={() => void due.fetchNextPage()}
          >
            Load more
          </Button>
        )}
      </>
    );

  return (
    <PageShell
      title="Due and overdue"
      intro="Pets whose vaccination or treatment is due soon or overdue, the longest overdue first. Call the owner and book a visit; a dose recorded takes the pet off the list."
    >
      <div className="mb-4 flex flex-wrap gap-4" role="group" aria-label="Filters">
        <FilterSelect
          label="Show"
          value={filters.state}
          options={[
            { value: 'overdue', label: 'Overdue' },
            { value: 'due_soon', label: 'Due soon' },
          ]}
          onChange={set('state')}
        />
        <FilterSelect
          label="Species"
          value={filters.species}
          options={[
            { value: '', label: 'All species' },
            ...PET_SPECIES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
          ]}
          onChange={set('species')}
        />
        <FilterSelect
          label="Protocol"
          value={filters.vaccineId}
          options={[
            { value: '', label: 'All protocols' },
            ...(vaccines.data ?? []).map((v) => ({ value: v.id, label: v.name })),
          ]}
          onChange={set('vaccineId')}
        />
        {filters.state === 'overdue' && (
          <FilterSelect
            label="Overdue by"
            value={filters.minDaysOverdue}
            options={[
              { value: '', label: 'Any time' },
              { value: '7', label: 'A week or more' },
              { value: '30', label: 'A month or more' },
              { value: '90', label: 'Three months or more' },
            ]}
            onChange={set('minDaysOverdue')}
          />
        )}
      </div>
      {body}
    </PageShell>
  );
}
