import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PetAlertsBody } from '#shared/pet-alerts';
import {
  DOCUMENT_KINDS,
  PET_RECORD_CHANGED_EVENT,
  type ClinicalNoteBody,
  type PetRecordPart,
  type PrescriptionBodyInput,
  type WeightBodyInput,
} from '#shared/pet-record';
import { answer, client } from '../../../lib/api-client.ts';
import { multipart } from '../../../lib/api-extra.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { petKeys } from '../../../lib/pets.ts';
import { useSocketEvent } from '../../../lib/socket.ts';

/** Query keys of the parts of a pet's medical record, under the pet's own keys. */
const recordKeys = {
  part: (petId: string, part: PetRecordPart) => ['pets', 'record', petId, part] as const,
};

/**
 * Reads a part of the pet's record again when the server says it changed (staff wrote to it, a refill was decided):
 * the part is one pet's, small, so it is fetched whole.
 */
function useLiveRecordPart(petId: string, part: PetRecordPart, also: PetRecordPart[] = []): void {
  const queryClient = useQueryClient();
  useSocketEvent(PET_RECORD_CHANGED_EVENT, (e) => {
    if (e.petId !== petId) return;
    if (e.part === part || also.includes(e.part))
      void queryClient.invalidateQueries({ queryKey: recordKeys.part(petId, part) });
  });
}

/** GET /api/pets/{id}/alerts (staff): the alerts now and their history. */
export function usePetAlerts(petId: string, enabled: boolean) {
  useLiveRecordPart(petId, 'alerts');
  return useQuery({
    queryKey: recordKeys.part(petId, 'alerts'),
    queryFn: ({ signal }) => answer(client.GET('/api/pets/{id}/alerts', { params: { path: { id: petId } }, signal })),
    enabled,
    ...LIVE_QUERY,
  });
}

/** PUT /api/pets/{id}/alerts (staff): the whole list as it is to be now. */
export function useSetPetAlerts(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PetAlertsBody) =>
      answer(client.PUT('/api/pets/{id}/alerts', { params: { path: { id: petId } }, body })),
    onSuccess: (data) => {
      queryClient.setQueryData(recordKeys.part(petId, 'alerts'), data);
      void queryClient.invalidateQueries({ queryKey: petKeys.one(petId) });
    },
  });
}

/** GET /api/pets/{id}/weights: the pet's weights, newest measurement first (owner and staff). */
export function usePetWeights(petId: string) {
  useLiveRecordPart(petId, 'weights');
  return useQuery({
    queryKey: recordKeys.part(petId, 'weights'),
    queryFn: ({ signal }) =>
      answer(client.GET('/api/pets/{id}/weights', { params: { path: { id: petId }, query: {} }, signal })),
    ...LIVE_QUERY,
  });
}

/** POST /api/pets/{id}/weights (staff). */
export function useRecordWeight(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WeightBodyInput) =>
      answer(client.POST('/api/pets/{id}/weights', { params: { path: { id: petId } }, body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recordKeys.part(petId, 'weights') });
      void queryClient.invalidateQueries({ queryKey: petKeys.one(petId) });
    },
  });
}

/** GET /api/pets/{id}/prescriptions (owner and staff); refill decisions come as 'prescriptions' changes. */
export function usePrescriptions(petId: string) {
  useLiveRecordPart(petId, 'prescriptions');
  return useQuery({
    queryKey: recordKeys.part(petId, 'prescriptions'),
    queryFn: ({ signal }) =>
      answer(client.GET('/api/pets/{id}/prescriptions', { params: { path: { id: petId } }, signal })),
    ...LIVE_QUERY,
  });
}

/** POST /api/pets/{id}/prescriptions (staff). */
export function useWritePrescription(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PrescriptionBodyInput) =>
      answer(client.POST('/api/pets/{id}/prescriptions', { params: { path: { id: petId } }, body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recordKeys.part(petId, 'prescriptions') }),
  });
}

/** POST /api/prescriptions/{id}/refill-requests (the owner). */
export function useRequestRefill(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prescriptionId: string) =>
      answer(
        client.POST('/api/prescriptions/{id}/refill-requests', { params: { path: { id: prescriptionId } }, body: {} }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recordKeys.part(petId, 'prescriptions') }),
  });
}

/** GET /api/pets/{id}/documents: staff see every one, the owner those not staff-only. */
export function useDocuments(petId: string) {
  useLiveRecordPart(petId, 'documents');
  return useQuery({
    queryKey: recordKeys.part(petId, 'documents'),
    queryFn: ({ signal }) =>
      answer(client.GET('/api/pets/{id}/documents', { params: { path: { id: petId } }, signal })),
    ...LIVE_QUERY,
  });
}

/** POST /api/pets/{id}/documents (staff): multipart, the file and its title, kind and staff-only flag. */
export function useUploadDocument(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: { file: File; title: string; kind: string; staffOnly: boolean; bookingId?: string | null }) =>
      answer(
        client.POST('/api/pets/{id}/documents', {
          params: { path: { id: petId } },
          body: {
            file: form.file,
            title: form.title,
            kind: form.kind as (typeof DOCUMENT_KINDS)[number],
            staffOnly: form.staffOnly ? 'true' : 'false',
            ...(form.bookingId ? { bookingId: form.bookingId } : {}),
          },
          bodySerializer: multipart,
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recordKeys.part(petId, 'documents') }),
  });
}

/** GET /api/pets/{id}/clinical-notes (staff only): the notes of every visit of the pet, newest first. */
export function useClinicalNotes(petId: string, enabled: boolean) {
  useLiveRecordPart(petId, 'notes');
  return useQuery({
    queryKey: recordKeys.part(petId, 'notes'),
    queryFn: ({ signal }) =>
      answer(client.GET('/api/pets/{id}/clinical-notes', { params: { path: { id: petId } }, signal })),
    enabled,
    ...LIVE_QUERY,
  });
}

/** POST /api/pets/{id}/clinical-notes (staff): a note on a visit, or the correction of one (`correctsId`). */
export function useAddClinicalNote(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClinicalNoteBody) =>
      answer(client.POST('/api/pets/{id}/clinical-notes', { params: { path: { id: petId } }, body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recordKeys.part(petId, 'notes') }),
  });
}
