import { WEEKDAYS } from '#shared/clinic-settings';
import { readClinic, type ClinicDefaultsConfig } from '../clinic/settings.ts';
import type { Executor } from '../db/client.ts';
import { providers } from '../db/schema/index.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';

/* The three vets of the landing page, as the demo clinic's providers (decision 051). */

/** The demo vets' staff accounts and profiles, in the landing page's order. */
export const DEMO_VETS = [
  {
    name: 'Dr. Ananya Mehta',
    email: 'ananya.mehta@pawcare.local',
    qualifications: 'BVSc & AH, MVSc (Small-animal medicine)',
    languages: ['English', 'Hindi', 'Bengali'],
    bio: 'Senior veterinarian. Twelve years of small-animal medicine; calm hands for nervous cats and first-time puppy parents.',
    services: [SEEDED_OFFERING_IDS.checkup],
  },
  {
    name: 'Dr. Arjun Rao',
    email: 'arjun.rao@pawcare.local',
    qualifications: 'BVSc & AH, MVSc (Veterinary surgery)',
    languages: ['English', 'Hindi', 'Telugu'],
    bio: 'Emergency surgeon. Leads our round-the-clock emergency team and soft-tissue surgery.',
    services: [SEEDED_OFFERING_IDS.checkup],
  },
  {
    name: 'Dr. Kavya Sen',
    email: 'kavya.sen@pawcare.local',
    qualifications: 'BVSc & AH, Certificate in Applied Animal Behaviour',
    languages: ['English', 'Bengali'],
    bio: 'Behaviour specialist. Designs training plans built on rewards, never fear.',
    services: [SEEDED_OFFERING_IDS.training],
  },
] as const;

/** Gives each demo vet's account its provider profile, working the clinic's hours on every day it opens. */
export async function seedDemoProviders(
  db: Executor,
  config: ClinicDefaultsConfig,
  accounts: { email: string; id: string }[],
): Promise<void> {
  const { settings } = await readClinic(db, config);
  const week = WEEKDAYS.flatMap((day, i) => {
    const h = settings.hours[day];
    return h ? [{ weekday: i + 1, open: h.open, close: h.close }] : [];
  });
  for (const vet of DEMO_VETS) {
    const account = accounts.find((a) => a.email === vet.email);
    if (!account) continue;
    await db
      .insert(providers)
      .values({
        userId: account.id,
        displayName: vet.name,
        qualifications: vet.qualifications,
        languages: [...vet.languages],
        bio: vet.bio,
        serviceIds: [...vet.services],
        weeklyHours: week,
      })
      .onConflictDoNothing();
  }
}
