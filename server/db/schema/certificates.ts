import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { pets } from './pets.ts';

/**
 * The codes of a pet's vaccination certificate (decision 052): each opens `/verify/{code}` for anyone who has it,
 * until the owner withdraws it (`withdrawn_at`). A code is 128 random bits (base64url, 22 characters), stored as it
 * is so the owner can copy a link again; a pet holds at most CERTIFICATE_CODES_MAX codes not withdrawn, counted under
 * the pet's row lock. Rows are kept once withdrawn (the code then answers 404, never a new pet's record).
 */
export const certificateCodes = pgTable(
  'certificate_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Who made it: the owner sharing or downloading, or a staff member printing (no foreign key; name copied). */
    createdById: uuid('created_by_id'),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificate_codes_code_uq').on(t.code),
    index('certificate_codes_pet_active_idx')
      .on(t.petId, t.createdAt.desc())
      .where(sql`${t.withdrawnAt} is null`),
  ],
);
