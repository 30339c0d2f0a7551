import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { nextRideStep, RIDE_STATUS_LABELS, type Ride } from '#shared/rides';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAdvanceRide } from '../api/advance-ride.ts';
import { useMessageRide } from '../api/message-ride.ts';

/**
 * The driver's actions on a ride: its next step, and a short message to the customer that goes on its own or with
 * the step. A refusal is shown in the server's words; a conflict (the ride changed under us) calls `onRefused`.
 */
export function useRideActions(ride: Ride, onRefused: () => void) {
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const advance = useAdvanceRide();
  const send = useMessageRide();
  const next = nextRideStep(ride.rideStatus);
  const text = message.trim();

  const refused = (fallback: string) => (err: unknown) => {
    setProblem(errorMessage(err, fallback));
    if (err instanceof ApiError && err.status === 409) onRefused();
  };

  function step() {
    if (!next) return;
    setProblem(null);
    advance.mutate(
      { bookingId: ride.bookingId, status: next, ...(text ? { message: text } : {}) },
      {
        onSuccess: () => {
          setMessage('');
          toast.success(`${ride.petName}: ${RIDE_STATUS_LABELS[next]}${text ? ', message sent' : ''}`);
        },
        onError: refused('Could not update the ride. Please try again.'),
      },
    );
  }

  function sendMessage(e: FormEvent) {
    e.preventDefault();
    if (!text) return;
    setProblem(null);
    send.mutate(
      { bookingId: ride.bookingId, message: text },
      {
        onSuccess: () => {
          setMessage('');
          toast.success(`Message sent to ${ride.customerName}`);
        },
        onError: refused('Could not send the message. Please try again.'),
      },
    );
  }

  return {
    next,
    step,
    stepping: advance.isPending,
    message,
    setMessage,
    text,
    sendMessage,
    sending: send.isPending,
    busy: advance.isPending || send.isPending,
    problem,
  };
}

export type RideActions = ReturnType<typeof useRideActions>;
