/** The ids migration 0015 gives the seeded catalogue: the same on every database. */
export const SEEDED_VACCINE_IDS = {
  rabies: '7acc1000-0000-4000-8000-000000000001',
  dhppi: '7acc1000-0000-4000-8000-000000000002',
  dhppil: '7acc1000-0000-4000-8000-000000000003',
  corona: '7acc1000-0000-4000-8000-000000000004',
  kennelCough: '7acc1000-0000-4000-8000-000000000005',
  fvrcp: '7acc1000-0000-4000-8000-000000000006',
  felv: '7acc1000-0000-4000-8000-000000000007',
  deworming: '7acc1000-0000-4000-8000-000000000008',
  tickFlea: '7acc1000-0000-4000-8000-000000000009',
} as const;
