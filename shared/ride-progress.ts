import { z } from 'zod';

/**
 * A pickup ride's steps, in the order a driver goes through them; `canceled` when its booking is canceled. A booking
 * of the pickup service is a ride: its ride status sits beside its booking status.
 */
export const RIDE_STEPS = [
  'scheduled',
  'driver_on_the_way',
  'picked_up',
  'at_clinic',
  'on_the_way_home',
  'dropped_off',
] as const;
export const RIDE_STATUSES = [...RIDE_STEPS, 'canceled'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];
export type RideStep = (typeof RIDE_STEPS)[number];

/** What each step is called on screens, in notifications and e-mails. */
export const RIDE_STATUS_LABELS: Record<RideStatus, string> = {
  scheduled: 'Scheduled',
  driver_on_the_way: 'Driver on the way',
  picked_up: 'Picked up',
  at_clinic: 'At the clinic',
  on_the_way_home: 'On the way home',
  dropped_off: 'Dropped off',
  canceled: 'Canceled',
};

/** The step after `status`, or null when the ride is over (dropped off or canceled). */
export function nextRideStep(status: RideStatus): RideStep | null {
  const i = (RIDE_STEPS as readonly string[]).indexOf(status);
  return i < 0 || i === RIDE_STEPS.length - 1 ? null : RIDE_STEPS[i + 1]!;
}

/** One step taken: when, and the short message the driver sent with it (if any). */
export const RideStepSchema = z.object({
  status: z.enum(RIDE_STEPS),
  at: z.string(),
  message: z.string().nullable(),
});

/** A booking's ride as the customer follows it: where it is now and each step taken so far. */
export const RideProgressSchema = z.object({
  status: z.enum(RIDE_STATUSES),
  steps: z.array(RideStepSchema),
});
export type RideProgress = z.infer<typeof RideProgressSchema>;
