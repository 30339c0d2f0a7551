import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/rides/{bookingId}/message (staff): a short message to the ride's customer, without a step. */
function messageRide(bookingId: string, message: string): Promise<{ ok: true }> {
  return api<{ ok: true }>(`/api/rides/${encodeURIComponent(bookingId)}/message`, {
    method: 'POST',
    body: { message },
  });
}

export function useMessageRide() {
  return useMutation({
    mutationFn: ({ bookingId, message }: { bookingId: string; message: string }) => messageRide(bookingId, message),
  });
}
