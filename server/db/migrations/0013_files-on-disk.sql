ALTER TABLE "identity_proofs" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_photos" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_proofs" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "storage_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_photos" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "pet_photos" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_storage_bytes_ck" CHECK ("users"."storage_bytes" >= 0);--> statement-breakpoint
-- Photos and identity proofs already stored in the database count in their owners' storage from the start; they
-- stay in the database (served from there) until replaced or removed.
UPDATE "users" SET "storage_bytes" = s."bytes" FROM (
  SELECT "owner_id", sum("size")::bigint AS "bytes" FROM (
    SELECT p."owner_id", ph."size" FROM "pet_photos" ph JOIN "pets" p ON p."id" = ph."pet_id"
    UNION ALL
    SELECT ip."user_id", ip."size" FROM "identity_proofs" ip
  ) f GROUP BY "owner_id"
) s WHERE s."owner_id" = "users"."id";
