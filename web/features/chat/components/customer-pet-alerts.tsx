import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PET_RECORD_CHANGED_EVENT } from '#shared/pet-record';
import { PetAlertList } from '../../../components/pet-alerts.tsx';
import { answer, client } from '../../../lib/api-client.ts';
import { LIVE_QUERY } from '../../../lib/live-lists.ts';
import { useSocketEvent } from '../../../lib/socket.ts';

const keyOf = (customerId: string) => ['chat', 'customer-pets', customerId] as const;

/**
 * The alerts on the pets of the customer a staff member is chatting with (allergies, behaviour...), above the
 * conversation; nothing when none of their pets has any. Kept current when staff change a pet's alerts.
 */
export function CustomerPetAlerts({ customerId }: { customerId: string }) {
  const queryClient = useQueryClient();
  const pets = useQuery({
    queryKey: keyOf(customerId),
    queryFn: ({ signal }) => answer(client.GET('/api/pets', { params: { query: { ownerId: customerId } }, signal })),
    ...LIVE_QUERY,
  });
  useSocketEvent(PET_RECORD_CHANGED_EVENT, (e) => {
    if (e.part === 'alerts' && pets.data?.some((p) => p.id === e.petId))
      void queryClient.invalidateQueries({ queryKey: keyOf(customerId) });
  });
  const flagged = (pets.data ?? []).filter((p) => p.alerts && p.alerts.length > 0);
  if (flagged.length === 0) return null;
  return (
    <div className="space-y-2 border-b border-black/10 px-3 py-2">
      {flagged.map((p) => (
        <PetAlertList key={p.id} alerts={p.alerts} petName={p.name} compact />
      ))}
    </div>
  );
}
