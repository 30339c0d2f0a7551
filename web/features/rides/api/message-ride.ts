import { useMutation } from '@tanstack/react-query';
import { answer, client } from '../../../lib/api-client.ts';

/** POST /api/rides/{bookingId}/message (staff): a short message to the ride's customer, without a step. */
function messageRide(bookingId: string, message: string) {
  return answer(client.POST('/api/rides/{bookingId}/message', { params: { path: { bookingId } }, body: { message } }));
}

export function useMessageRide() {
  return useMutation({
    mutationFn: ({ bookingId, message }: { bookingId: string; message: string }) => messageRide(bookingId, message),
  });
}
