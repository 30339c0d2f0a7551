CREATE TABLE "care_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"vaccine_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"overdue_days" integer NOT NULL,
	"for_on" date NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_care_due" (
	"pet_id" uuid NOT NULL,
	"vaccine_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"species" text NOT NULL,
	"pet_archived" boolean DEFAULT false NOT NULL,
	"next_due_on" date NOT NULL,
	"next_dose_number" integer NOT NULL,
	"last_given_on" date NOT NULL,
	"last_dose_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_care_due_pet_id_vaccine_id_pk" PRIMARY KEY("pet_id","vaccine_id")
);
--> statement-breakpoint
CREATE TABLE "vaccinations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"vaccine_id" uuid NOT NULL,
	"vaccine_name" text NOT NULL,
	"product" text NOT NULL,
	"manufacturer" text,
	"batch" text NOT NULL,
	"expires_on" date NOT NULL,
	"given_on" date NOT NULL,
	"site" text,
	"given_by_id" uuid,
	"given_by_name" text NOT NULL,
	"booking_id" uuid,
	"dose_number" integer NOT NULL,
	"series_doses" integer NOT NULL,
	"next_due_on" date,
	"next_due_reason" text,
	"corrects_id" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vaccinations_dates_ck" CHECK ("vaccinations"."expires_on" >= "vaccinations"."given_on" and ("vaccinations"."next_due_on" is null or "vaccinations"."next_due_on" > "vaccinations"."given_on")),
	CONSTRAINT "vaccinations_dose_ck" CHECK ("vaccinations"."dose_number" >= 1 and "vaccinations"."series_doses" >= 1)
);
--> statement-breakpoint
CREATE TABLE "vaccines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"species" text[] NOT NULL,
	"kind" text NOT NULL,
	"series_doses" integer NOT NULL,
	"series_interval_days" integer NOT NULL,
	"booster_interval_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vaccines_kind_ck" CHECK ("vaccines"."kind" in ('vaccine', 'deworming', 'parasite')),
	CONSTRAINT "vaccines_series_ck" CHECK ("vaccines"."series_doses" between 1 and 10),
	CONSTRAINT "vaccines_intervals_ck" CHECK ("vaccines"."series_interval_days" >= 0 and "vaccines"."booster_interval_days" >= 1 and ("vaccines"."series_doses" = 1 or "vaccines"."series_interval_days" >= 1)),
	CONSTRAINT "vaccines_species_ck" CHECK (cardinality("vaccines"."species") >= 1)
);
--> statement-breakpoint
ALTER TABLE "care_reminders" ADD CONSTRAINT "care_reminders_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_reminders" ADD CONSTRAINT "care_reminders_vaccine_id_vaccines_id_fk" FOREIGN KEY ("vaccine_id") REFERENCES "public"."vaccines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_reminders" ADD CONSTRAINT "care_reminders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_care_due" ADD CONSTRAINT "pet_care_due_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_care_due" ADD CONSTRAINT "pet_care_due_vaccine_id_vaccines_id_fk" FOREIGN KEY ("vaccine_id") REFERENCES "public"."vaccines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_vaccine_id_vaccines_id_fk" FOREIGN KEY ("vaccine_id") REFERENCES "public"."vaccines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_booking_id_slot_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."slot_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_corrects_id_vaccinations_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."vaccinations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_reminders_step_uq" ON "care_reminders" USING btree ("pet_id","vaccine_id","for_on","overdue_days");--> statement-breakpoint
CREATE INDEX "care_reminders_due_idx" ON "care_reminders" USING btree ("due_at") WHERE "care_reminders"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "care_reminders_owner_idx" ON "care_reminders" USING btree ("owner_id","for_on") WHERE "care_reminders"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "pet_care_due_next_idx" ON "pet_care_due" USING btree ("next_due_on","pet_id","vaccine_id") WHERE not "pet_care_due"."pet_archived";--> statement-breakpoint
CREATE INDEX "pet_care_due_vaccine_next_idx" ON "pet_care_due" USING btree ("vaccine_id","next_due_on","pet_id") WHERE not "pet_care_due"."pet_archived";--> statement-breakpoint
CREATE INDEX "vaccinations_pet_given_idx" ON "vaccinations" USING btree ("pet_id","given_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vaccinations_pet_vaccine_idx" ON "vaccinations" USING btree ("pet_id","vaccine_id","given_on");--> statement-breakpoint
CREATE UNIQUE INDEX "vaccinations_corrects_uq" ON "vaccinations" USING btree ("corrects_id") WHERE "vaccinations"."corrects_id" is not null;--> statement-breakpoint
CREATE INDEX "vaccinations_booking_idx" ON "vaccinations" USING btree ("booking_id") WHERE "vaccinations"."booking_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "vaccines_name_lower_uq" ON "vaccines" USING btree (lower("name"));--> statement-breakpoint
-- The usual Indian clinic set for dogs and cats, with fixed ids (server/vaccines/seeded.ts): an admin changes or
-- retires them and adds others.
INSERT INTO "vaccines" ("id", "name", "species", "kind", "series_doses", "series_interval_days", "booster_interval_days") VALUES
  ('7acc1000-0000-4000-8000-000000000001', 'Rabies', ARRAY['dog', 'cat'], 'vaccine', 1, 0, 365),
  ('7acc1000-0000-4000-8000-000000000002', 'DHPPi (distemper, hepatitis, parvovirus, parainfluenza)', ARRAY['dog'], 'vaccine', 3, 21, 365),
  ('7acc1000-0000-4000-8000-000000000003', 'DHPPiL (with leptospirosis)', ARRAY['dog'], 'vaccine', 3, 21, 365),
  ('7acc1000-0000-4000-8000-000000000004', 'Canine coronavirus', ARRAY['dog'], 'vaccine', 2, 21, 365),
  ('7acc1000-0000-4000-8000-000000000005', 'Kennel cough (Bordetella)', ARRAY['dog'], 'vaccine', 1, 0, 365),
  ('7acc1000-0000-4000-8000-000000000006', 'FVRCP (feline rhinotracheitis, calicivirus, panleukopenia)', ARRAY['cat'], 'vaccine', 3, 21, 365),
  ('7acc1000-0000-4000-8000-000000000007', 'Feline leukaemia (FeLV)', ARRAY['cat'], 'vaccine', 2, 21, 365),
  ('7acc1000-0000-4000-8000-000000000008', 'Deworming', ARRAY['dog', 'cat'], 'deworming', 3, 14, 90),
  ('7acc1000-0000-4000-8000-000000000009', 'Tick and flea treatment', ARRAY['dog', 'cat'], 'parasite', 1, 0, 30);--> statement-breakpoint
-- A pet's doses are its clinical record: no entry is changed, and none is removed except with the pet itself when
-- its owner's account is deleted (the cascade runs this trigger one level down). A correction is a new entry
-- naming the one it corrects.
CREATE OR REPLACE FUNCTION public.vaccinations_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'vaccination entries cannot be changed or deleted; record a correction instead' USING ERRCODE = 'PW403';
END
$function$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER vaccinations_no_change
  BEFORE DELETE OR UPDATE ON public.vaccinations
  FOR EACH ROW EXECUTE FUNCTION vaccinations_append_only();--> statement-breakpoint
-- The clinic's due list reads pet_care_due alone: a pet's species and whether it is archived follow the pet there
-- in the transaction of its change (an archived pet leaves the list and its reminders stop).
CREATE OR REPLACE FUNCTION public.pets_care_due_follow()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE pet_care_due
     SET species = NEW.species, pet_archived = NEW.archived_at IS NOT NULL, owner_id = NEW.owner_id
   WHERE pet_id = NEW.id;
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER pets_care_due_follow_tg
  AFTER UPDATE OF species, archived_at, owner_id ON public.pets
  FOR EACH ROW
  WHEN (((old.species IS DISTINCT FROM new.species) OR (old.archived_at IS DISTINCT FROM new.archived_at) OR (old.owner_id IS DISTINCT FROM new.owner_id)))
  EXECUTE FUNCTION pets_care_due_follow();
