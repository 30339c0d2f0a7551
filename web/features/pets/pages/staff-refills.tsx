import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { REFILL_CHANGED_EVENT, type RefillRequest } from '#shared/pet-record';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { TextField } from '../../../components/field.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { answer, client, errorMessage, page, type Page } from '../../../lib/api-client.ts';
import { useFormatInstant } from '../../../lib/clinic-time.ts';
import { applyRow, LIVE_QUERY } from '../../../lib/live-lists.ts';
import { useSocketEvent } from '../../../lib/socket.ts';

const KEY = ['refill-requests', 'open'] as const;
const PAGE = 50;

function getOpen(cursor: string | null, signal?: AbortSignal): Promise<Page<RefillRequest>> {
  return page(
    client.GET('/api/refill-requests', {
      params: { query: { status: 'open', limit: PAGE, cursor: cursor ?? undefined } },
      signal,
    }),
  );
}

/** Oldest request first, then by id: the work list's order on the server. */
const oldestFirst = (a: RefillRequest, b: RefillRequest) =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The open refill requests, page by page, kept current by the `refill_changed` events alone. */
function useOpenRefills() {
  const queryClient = useQueryClient();
  useSocketEvent(REFILL_CHANGED_EVENT, (e) =>
    applyRow(queryClient, KEY, e.request, () => ({ includes: (r) => r.status === 'open', compare: oldestFirst })),
  );
  return useInfiniteQuery({
    queryKey: KEY,
    queryFn: ({ pageParam, signal }) => getOpen(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...LIVE_QUERY,
  });
}

function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: 'approved' | 'refused'; note: string }) =>
      answer(
        client.PUT('/api/refill-requests/{id}', {
          params: { path: { id } },
          body: { decision, note: note.trim() || null },
        }),
      ),
    onSuccess: (request) =>
      applyRow(queryClient, KEY, request, () => ({ includes: (r) => r.status === 'open', compare: oldestFirst })),
  });
}

/** Approve or refuse one request, with a note the customer reads. */
function DecideDialog({
  request,
  decision,
  onClose,
}: {
  request: RefillRequest;
  decision: 'approved' | 'refused';
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useDecide();
  const verb = decision === 'approved' ? 'Approve' : 'Refuse';
  return (
    <Dialog open title={`${verb} the refill of ${request.drug} for ${request.petName}?`} onClose={onClose}>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          decide.mutate(
            { id: request.id, decision, note },
            { onSuccess: onClose, onError: (err) => setProblem(errorMessage(err, 'Could not save the decision.')) },
          );
        }}
      >
        {problem && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
            {problem}
          </p>
        )}
        <TextField
          label="Note to the customer (optional)"
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant={decision === 'refused' ? 'danger' : 'primary'} loading={decide.isPending}>
            {verb}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** /employee/refills: the customers' open refill requests, oldest first, each approved or refused with a note. */
export default function StaffRefillsPage() {
  const list = useOpenRefills();
  const formatInstant = useFormatInstant();
  const [deciding, setDeciding] = useState<{ request: RefillRequest; decision: 'approved' | 'refused' } | null>(null);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <PageShell title="Refill requests" intro="Customers' requests for prescription refills, oldest first.">
      {list.isPending ? (
        <LoadingState label="Loading the refill requests…" />
      ) : list.isError ? (
        <ErrorState
          message={errorMessage(list.error, 'Could not load the refill requests.')}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title="No refill requests are waiting." />
      ) : (
        <ul className="space-y-3">
          {rows.map((r) => (
            <li key={r.id} className="rounded-xl bg-white p-4 text-ink shadow-sm ring-1 ring-black/5">
              <article aria-label={`Refill of ${r.drug} for ${r.petName}`}>
                <h2 className="text-lg font-semibold break-words">
                  {r.drug} {r.strength} × {r.quantity}
                </h2>
                <p className="text-sm">
                  For{' '}
                  <Link className="font-medium underline" to={`/employee/pets/${encodeURIComponent(r.petId)}`}>
                    {r.petName}
                  </Link>{' '}
                  ({r.ownerName}), asked {formatInstant(r.createdAt)}
                </p>
                {r.note && <p className="mt-1 text-sm break-words">“{r.note}”</p>}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => setDeciding({ request: r, decision: 'approved' })}>
                    Approve
                    <span className="sr-only">
                      {' '}
                      the refill of {r.drug} for {r.petName}
                    </span>
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setDeciding({ request: r, decision: 'refused' })}
                  >
                    Refuse
                    <span className="sr-only">
                      {' '}
                      the refill of {r.drug} for {r.petName}
                    </span>
                  </Button>
                </div>
              </article>
            </li>
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
      {deciding && <DecideDialog {...deciding} onClose={() => setDeciding(null)} />}
    </PageShell>
  );
}
