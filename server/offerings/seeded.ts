/** The ids migration 0002 gives the clinic's seeded services: the same on every database. */
export const SEEDED_OFFERING_IDS = {
  checkup: '5e7a1c00-0000-4000-8000-000000000001',
  training: '5e7a1c00-0000-4000-8000-000000000002',
  pickup: '5e7a1c00-0000-4000-8000-000000000003',
  emergency: '5e7a1c00-0000-4000-8000-000000000004',
} as const;
