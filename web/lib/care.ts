import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  VACCINATION_RECORDED_EVENT,
  type CareStatusBatch,
  type CareStatusItem,
  type Dose,
  type DoseCreateInput,
  type Vaccine,
} from '#shared/vaccines';
import { answer, client, page, type Page } from './api-client.ts';
import { LIVE_QUERY } from './live-lists.ts';
import { useSocketEvent } from './socket.ts';

/**
 * A pet's preventive care on the web: the catalogue, a pet's doses and status, the agenda's statuses and recording a
 * dose. Shared by the pet's page, the agenda and the staff's care pages, so it lives here.
 */
export const careKeys = {
  all: ['care'] as const,
  vaccines: (all: boolean) => ['care', 'vaccines', { all }] as const,
  status: (petId: string) => ['care', 'status', petId] as const,
  doses: (petId: string) => ['care', 'doses', petId] as const,
  batch: (petIds: string[]) => ['care', 'batch', petIds] as const,
  due: ['care', 'due'] as const,
};

/** GET /api/vaccines: the catalogue in use (all: retired entries too, admins). */
export function useVaccines({ all = false }: { all?: boolean } = {}) {
  return useQuery({
    queryKey: careKeys.vaccines(all),
    queryFn: ({ signal }): Promise<Vaccine[]> =>
      answer(client.GET('/api/vaccines', { params: { query: all ? { all: 'true' } : {} }, signal })),
    staleTime: 60_000,
  });
}

/** GET /api/pets/{id}/care-status: the pet's status per protocol, kept current by live events. */
export function useCareStatus(petId: string) {
  return useQuery({
    queryKey: careKeys.status(petId),
    queryFn: ({ signal }): Promise<CareStatusItem[]> =>
      answer(client.GET('/api/pets/{id}/care-status', { params: { path: { id: petId } }, signal })),
    ...LIVE_QUERY,
  });
}

const DOSE_PAGE = 20;

/** GET /api/pets/{id}/vaccinations: the pet's doses, newest given first, page by page. */
export function useDoses(petId: string) {
  return useInfiniteQuery({
    queryKey: careKeys.doses(petId),
    queryFn: ({ pageParam, signal }) =>
      page(
        client.GET('/api/pets/{id}/vaccinations', {
          params: { path: { id: petId }, query: { limit: DOSE_PAGE, cursor: pageParam ?? undefined } },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<Dose>) => last.nextCursor,
    ...LIVE_QUERY,
  });
}

/** GET /api/care/status?petIds=: the status of the pets an agenda page shows (staff), in one request. */
export function useCareStatusBatch(petIds: string[], enabled = true) {
  const ids = [...new Set(petIds)].sort().slice(0, 100);
  return useQuery({
    queryKey: careKeys.batch(ids),
    queryFn: ({ signal }): Promise<CareStatusBatch> =>
      answer(client.GET('/api/care/status', { params: { query: { petIds: ids.join(',') } }, signal })),
    enabled: enabled && ids.length > 0,
    staleTime: 30_000,
    ...LIVE_QUERY,
  });
}

/** POST /api/pets/{id}/vaccinations (staff). */
export function useRecordDose(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DoseCreateInput): Promise<Dose> =>
      answer(client.POST('/api/pets/{id}/vaccinations', { params: { path: { id: petId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.all }),
  });
}

/** Adds a dose to cached lists of the pet's doses (first page), marking the entry it corrects. */
function withDose(data: InfiniteData<Page<Dose>, unknown>, dose: Dose): InfiniteData<Page<Dose>, unknown> {
  if (data.pages.some((p) => p.items.some((d) => d.id === dose.id))) return data;
  const pages = data.pages.map((p, i) => {
    const items = p.items.map((d) => (d.id === dose.correctsId ? { ...d, correctedById: dose.id } : d));
    if (i !== 0) return { ...p, items };
    const all = [dose, ...items].sort(
      (a, b) => b.givenOn.localeCompare(a.givenOn) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    );
    return { ...p, items: all };
  });
  return { ...data, pages };
}

/**
 * Keeps a pet's status and dose list current when the server says a dose was recorded: the event's status replaces
 * the cached one and its dose joins the list, without a request. Staff lists of statuses (the agenda) refetch.
 */
export function useLiveCare(petId?: string): void {
  const queryClient = useQueryClient();
  useSocketEvent(VACCINATION_RECORDED_EVENT, (e) => {
    if (petId === undefined || e.petId === petId) {
      queryClient.setQueryData(careKeys.status(e.petId), e.status);
      queryClient.setQueryData<InfiniteData<Page<Dose>, unknown>>(careKeys.doses(e.petId), (data) =>
        data ? withDose(data, e.dose) : data,
      );
    }
    for (const [key, data] of queryClient.getQueriesData<CareStatusBatch>({ queryKey: ['care', 'batch'] })) {
      if (data?.some((p) => p.petId === e.petId)) {
        queryClient.setQueryData(
          key,
          data.map((p) => (p.petId === e.petId ? { ...p, items: e.status } : p)),
        );
      }
    }
  });
}
