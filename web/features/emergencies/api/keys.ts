/** Query keys of the emergencies feature. */
export const emergencyKeys = {
  all: ['emergencies'] as const,
  /** Staff: the queue (unresolved first, then the latest resolved). */
  queue: ['emergencies', 'queue'] as const,
  /** A customer: their own requests, newest first. */
  mine: ['emergencies', 'mine'] as const,
  /** Staff: how many are unresolved (the navbar badge). */
  count: ['emergencies', 'count'] as const,
};
