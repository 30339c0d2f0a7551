/** Query keys of the rides feature. */
export const rideKeys = {
  /** Every cached day of rides. */
  days: ['rides', 'day'] as const,
  day: (date: string) => ['rides', 'day', date] as const,
};
