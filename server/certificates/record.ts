import { asc, eq, sql } from 'drizzle-orm';
import type { CertificateDose, Verification } from '#shared/certificates';
import { todayIn } from '#shared/dates';
import type { Executor } from '../db/client.ts';
import { pets, users, vaccinations, vaccines } from '../db/schema/index.ts';
import type { Config } from '../config.ts';
import { errors } from '../errors.ts';

/** Entries one certificate lists at most: decades of a pet's doses, not an unbounded page. */
const CERTIFICATE_DOSES_MAX = 500;

/** What a certificate shows: the pet, its owner's name, the doses that count now, the clinic, the day. */
export interface CertificateRecord {
  pet: Verification['pet'];
  ownerName: string;
  doses: CertificateDose[];
  clinic: Verification['clinic'];
  /** Today on the clinic's clock. */
  asOf: string;
}

export type RecordConfig = Pick<Config, 'CLINIC_NAME' | 'CLINIC_ADDRESS' | 'CLINIC_TZ'>;

/**
 * The record a certificate shows, read now: the pet, its owner's name (for the PDF only), and its doses that count
 * (an entry a later one corrected is left out; its correction is listed, marked as one), oldest given first.
 */
export async function certificateRecord(
  db: Executor,
  config: RecordConfig,
  petId: string,
  now = new Date(),
): Promise<CertificateRecord> {
  const [pet] = await db
    .select({
      name: pets.name,
      species: pets.species,
      breed: pets.breed,
      sex: pets.sex,
      birthDate: pets.birthDate,
      markings: pets.markings,
      microchip: pets.microchip,
      ownerName: users.name,
    })
    .from(pets)
    .innerJoin(users, eq(users.id, pets.ownerId))
    .where(eq(pets.id, petId))
    .limit(1);
  if (!pet) throw errors.notFound('Pet');
  const rows = await db
    .select({ dose: vaccinations, kind: vaccines.kind })
    .from(vaccinations)
    .innerJoin(vaccines, eq(vaccines.id, vaccinations.vaccineId))
    .where(
      sql`${vaccinations.petId} = ${petId}::uuid and not exists (select 1 from vaccinations c where c.corrects_id = ${vaccinations.id})`,
    )
    .orderBy(asc(vaccinations.givenOn), asc(vaccinations.recordedAt), asc(vaccinations.id))
    .limit(CERTIFICATE_DOSES_MAX);
  const { ownerName, ...shown } = pet;
  return {
    pet: shown,
    ownerName,
    doses: rows.map(({ dose, kind }) => ({
      vaccineName: dose.vaccineName,
      kind,
      product: dose.product,
      manufacturer: dose.manufacturer,
      batch: dose.batch,
      expiresOn: dose.expiresOn,
      givenOn: dose.givenOn,
      givenByName: dose.givenByName,
      doseNumber: dose.doseNumber,
      seriesDoses: dose.seriesDoses,
      nextDueOn: dose.nextDueOn,
      correction: dose.correctsId !== null,
    })),
    clinic: { name: config.CLINIC_NAME, address: config.CLINIC_ADDRESS },
    asOf: todayIn(config.CLINIC_TZ, now),
  };
}
