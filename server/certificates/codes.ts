import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { AuditEntry } from '#shared/audit';
import {
  CERTIFICATE_CODE_PATTERN,
  CERTIFICATE_CODES_MAX,
  CERTIFICATE_MSG,
  verifyPath,
  type CertificateShare,
} from '#shared/certificates';
import { recordAudit } from '../audit/record.ts';
import type { Executor } from '../db/client.ts';
import { certificateCodes } from '../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { errors } from '../errors.ts';
import type { AuthUser } from '../lib/caller.ts';
import { isStaff } from '../lib/policy.ts';
import { readablePet, type RecordPet } from '../pet-record/access.ts';

type CodeRow = typeof certificateCodes.$inferSelect;
type CodeDeps = Pick<Deps, 'db'> & { config: Pick<Deps['config'], 'PUBLIC_URL'> };

/** A new code: 128 random bits, base64url (22 characters), which nobody can guess or derive from another. */
const newCode = () => randomBytes(16).toString('base64url');

/** The verification page's full address of a code. */
export const verifyUrl = (config: Pick<Deps['config'], 'PUBLIC_URL'>, code: string) =>
  `${config.PUBLIC_URL}${verifyPath(code)}`;

const toShare = (config: Pick<Deps['config'], 'PUBLIC_URL'>, row: CodeRow): CertificateShare => ({
  code: row.code,
  url: verifyUrl(config, row.code),
  createdAt: row.createdAt.toISOString(),
  createdByName: row.createdByName,
});

/** The pet's codes not withdrawn, newest first. */
async function activeCodes(db: Executor, petId: string): Promise<CodeRow[]> {
  return db
    .select()
    .from(certificateCodes)
    .where(and(eq(certificateCodes.petId, petId), isNull(certificateCodes.withdrawnAt)))
    .orderBy(desc(certificateCodes.createdAt), desc(certificateCodes.id));
}

/** The pet of a certificate its owner shares: anyone but the owner hears 404 (other customers) or 403 (staff). */
async function ownPet(tx: Executor, me: AuthUser, petId: string): Promise<RecordPet> {
  const pet = await readablePet(tx, me, petId, { lock: true });
  if (pet.ownerId !== me.id) throw errors.forbidden('Only the pet’s owner can share or withdraw its certificate.');
  return pet;
}

/** Adds a code to the pet, refused (409) when it already holds CERTIFICATE_CODES_MAX. Under the pet's row lock. */
async function addCode(tx: Executor, me: AuthUser, petId: string): Promise<CodeRow> {
  const [held] = await tx
    .select({ n: count() })
    .from(certificateCodes)
    .where(and(eq(certificateCodes.petId, petId), isNull(certificateCodes.withdrawnAt)));
  if ((held?.n ?? 0) >= CERTIFICATE_CODES_MAX) throw errors.conflict(CERTIFICATE_MSG.tooManyCodes);
  const [row] = await tx
    .insert(certificateCodes)
    .values({ petId, code: newCode(), createdById: me.id, createdByName: me.name })
    .returning();
  return row!;
}

/** The pet's shared links not withdrawn, newest first (its owner and staff; anyone else 404). */
export async function listShares(deps: CodeDeps, me: AuthUser, petId: string): Promise<CertificateShare[]> {
  await readablePet(deps.db, me, petId);
  return (await activeCodes(deps.db, petId)).map((r) => toShare(deps.config, r));
}

/** The owner shares the certificate: a new code, in the audit log. */
export async function shareCertificate(
  deps: CodeDeps,
  me: AuthUser,
  petId: string,
): Promise<{ share: CertificateShare; audit: AuditEntry }> {
  return deps.db.transaction(async (tx) => {
    const pet = await ownPet(tx, me, petId);
    const row = await addCode(tx, me, pet.id);
    const audit = await recordAudit(tx, me, {
      kind: 'certificate.shared',
      subjectType: 'pet',
      subjectId: pet.id,
      summary: `Shared ${pet.name}'s vaccination certificate (link ending …${row.code.slice(-4)})`,
      after: { codeEnds: row.code.slice(-4) },
    });
    return { share: toShare(deps.config, row), audit };
  });
}

/** The owner withdraws a code: it answers 404 from then on. 404 for a code not the pet's or already withdrawn. */
export async function withdrawCertificate(
  deps: CodeDeps,
  me: AuthUser,
  petId: string,
  code: string,
): Promise<AuditEntry> {
  if (!CERTIFICATE_CODE_PATTERN.test(code)) throw errors.notFound('Shared link');
  return deps.db.transaction(async (tx) => {
    const pet = await ownPet(tx, me, petId);
    const [row] = await tx
      .update(certificateCodes)
      .set({ withdrawnAt: new Date() })
      .where(
        and(eq(certificateCodes.petId, pet.id), eq(certificateCodes.code, code), isNull(certificateCodes.withdrawnAt)),
      )
      .returning();
    if (!row) throw errors.notFound('Shared link');
    return recordAudit(tx, me, {
      kind: 'certificate.withdrawn',
      subjectType: 'pet',
      subjectId: pet.id,
      summary: `Withdrew a shared link of ${pet.name}'s vaccination certificate (ending …${code.slice(-4)})`,
      before: { codeEnds: code.slice(-4) },
    });
  });
}

/**
 * The code a certificate made now carries in its QR: the pet's newest code not withdrawn, else a new one (the owner
 * downloading, or staff printing, make it; it is listed with the owner's shared links, who may withdraw it). Staff
 * printing is in the audit log. Runs under the pet's row lock, so two downloads at once make one code.
 */
export async function codeForCertificate(
  deps: Pick<Deps, 'db'>,
  me: AuthUser,
  petId: string,
): Promise<{ pet: RecordPet; code: CodeRow; audit: AuditEntry | undefined }> {
  return deps.db.transaction(async (tx) => {
    const pet = await readablePet(tx, me, petId, { lock: true });
    const code = (await activeCodes(tx, pet.id))[0] ?? (await addCode(tx, me, pet.id));
    const audit = isStaff(me)
      ? await recordAudit(tx, me, {
          kind: 'certificate.printed',
          subjectType: 'pet',
          subjectId: pet.id,
          summary: `Printed ${pet.name}'s vaccination certificate for ${pet.ownerName}`,
        })
      : undefined;
    return { pet, code, audit };
  });
}

/** A code's row when it is genuine and not withdrawn; undefined otherwise (a forged, unknown or withdrawn code). */
export async function liveCode(db: Executor, code: string): Promise<CodeRow | undefined> {
  if (!CERTIFICATE_CODE_PATTERN.test(code)) return undefined;
  const [row] = await db
    .select()
    .from(certificateCodes)
    .where(and(eq(certificateCodes.code, code), isNull(certificateCodes.withdrawnAt)))
    .limit(1);
  return row;
}
