CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price" numeric(10, 2),
	"capacity" integer,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_kind_ck" CHECK ("services"."kind" in ('checkup', 'training', 'pickup', 'emergency')),
	CONSTRAINT "services_duration_ck" CHECK ("services"."duration_minutes" between 5 and 480),
	CONSTRAINT "services_capacity_ck" CHECK ("services"."capacity" is null or "services"."capacity" between 1 and 100),
	CONSTRAINT "services_price_ck" CHECK ("services"."price" is null or "services"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pet_photos" (
	"pet_id" uuid PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"species" text NOT NULL,
	"breed" text,
	"sex" text,
	"birth_date" date,
	"age_years" integer,
	"age_as_of" date,
	"weight_kg" numeric(6, 2),
	"markings" text,
	"allergies" text,
	"notes" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pets_species_ck" CHECK ("pets"."species" in ('dog', 'cat', 'bird', 'rabbit', 'fish', 'other')),
	CONSTRAINT "pets_sex_ck" CHECK ("pets"."sex" is null or "pets"."sex" in ('male', 'female', 'unknown')),
	CONSTRAINT "pets_age_ck" CHECK ("pets"."age_years" is null or "pets"."age_years" between 0 and 40),
	CONSTRAINT "pets_weight_ck" CHECK ("pets"."weight_kg" is null or "pets"."weight_kg" > 0)
);
--> statement-breakpoint
CREATE TABLE "slot_seats" (
	"service_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "slot_seats_service_id_starts_at_pk" PRIMARY KEY("service_id","starts_at"),
	CONSTRAINT "slot_seats_booked_ck" CHECK ("slot_seats"."booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"pet_id" uuid,
	"findings" text,
	"treatment" text,
	"medicines" text,
	"weight_kg" numeric(6, 2),
	"next_due_date" date,
	"next_due_reason" text,
	"recorded_by" uuid,
	"recorded_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The clinic's services, with fixed ids so every database names them alike (server/services/seeded.ts). A null
-- capacity is the clinic's SLOT_CAPACITY.
INSERT INTO "services" ("id", "name", "kind", "description", "duration_minutes", "capacity", "sort_order") VALUES
  ('5e7a1c00-0000-4000-8000-000000000001', 'Pet Health Checkup', 'checkup', 'Head-to-tail examinations, vaccinations, dental checks and lab tests, with a written care plan after every visit.', 30, NULL, 10),
  ('5e7a1c00-0000-4000-8000-000000000002', 'Pet Training', 'training', 'One-to-one sessions for puppies and adult dogs: basic obedience, lead walking, socialising and calm behaviour at home.', 60, NULL, 20),
  ('5e7a1c00-0000-4000-8000-000000000003', 'Pet Pickup Ride', 'pickup', 'We collect your pet from your door, bring them to the clinic and take them home again.', 30, NULL, 30),
  ('5e7a1c00-0000-4000-8000-000000000004', 'Emergency Pet Care', 'emergency', 'Injuries, poisoning, breathing trouble: our emergency team is on call day and night, and the pickup van comes to you.', 30, NULL, 40);
--> statement-breakpoint
ALTER TABLE "slot_bookings" DROP CONSTRAINT "slot_bookings_status_ck";--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "pet_id" uuid;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "pickup_address" text;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "seat_step_minutes" integer;--> statement-breakpoint
-- Every booking made before services existed was a checkup holding one seat at its time: no booking may change
-- while its seats move from slot_times (one counter per time) to slot_seats (one per service and time).
LOCK TABLE "slot_times", "slot_bookings" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
UPDATE "slot_bookings" SET "service_id" = '5e7a1c00-0000-4000-8000-000000000001', "ends_at" = "starts_at" + interval '30 minutes', "seat_step_minutes" = 30;--> statement-breakpoint
ALTER TABLE "slot_bookings" ALTER COLUMN "service_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_bookings" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_bookings" ALTER COLUMN "seat_step_minutes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_photos" ADD CONSTRAINT "pet_photos_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_seats" ADD CONSTRAINT "slot_seats_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_booking_id_slot_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."slot_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "services_name_lower_uq" ON "services" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "services_order_idx" ON "services" USING btree ("sort_order","name");--> statement-breakpoint
CREATE INDEX "pets_owner_idx" ON "pets" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "visits_next_due_idx" ON "visits" USING btree ("next_due_date") WHERE "visits"."next_due_date" is not null;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_bookings_service_starts_idx" ON "slot_bookings" USING btree ("service_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "slot_bookings_pet_starts_idx" ON "slot_bookings" USING btree ("pet_id","starts_at","id");--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_ends_ck" CHECK ("slot_bookings"."ends_at" > "slot_bookings"."starts_at");--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_step_ck" CHECK ("slot_bookings"."seat_step_minutes" > 0);--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_status_ck" CHECK ("slot_bookings"."status" in ('pending', 'confirmed', 'canceled', 'completed', 'no_show'));--> statement-breakpoint
-- The seats move to their service: every counter of slot_times becomes the checkup's.
INSERT INTO "slot_seats" ("service_id", "starts_at", "booked")
  SELECT '5e7a1c00-0000-4000-8000-000000000001', "starts_at", "booked" FROM "slot_times";--> statement-breakpoint
DROP TRIGGER "slot_bookings_give_back_seat_tg" ON "slot_bookings";--> statement-breakpoint
DROP FUNCTION "slot_booking_guard"(uuid, text);--> statement-breakpoint
DROP TABLE "slot_times";--> statement-breakpoint
-- Seats are taken only by the booking's conditional upsert (it alone checks capacity), one at every grid time the
-- service covers. They are given back here, by the database, whenever a booking stops holding them: deleted by any
-- path, moved to another time, or canceled. A completed visit or a no-show keeps its seats: the time was used
-- (decisions 014 and 021).
CREATE FUNCTION "slot_bookings_give_back_seats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status = 'canceled' AND NEW.status <> 'canceled' THEN
      -- Reopening would hold seats no capacity check granted: book again instead.
      RAISE EXCEPTION 'a canceled booking cannot be reopened' USING ERRCODE = 'check_violation';
    END IF;
    IF OLD.status = 'canceled' OR (
      NEW.status <> 'canceled' AND NEW.starts_at = OLD.starts_at AND NEW.ends_at = OLD.ends_at
      AND NEW.service_id = OLD.service_id AND NEW.seat_step_minutes = OLD.seat_step_minutes
    ) THEN
      RETURN NULL;
    END IF;
  ELSIF OLD.status = 'canceled' THEN
    RETURN NULL;
  END IF;
  UPDATE "slot_seats" SET "booked" = "booked" - 1
  WHERE "service_id" = OLD.service_id
    AND "starts_at" IN (SELECT generate_series(OLD.starts_at, OLD.ends_at - interval '1 microsecond', make_interval(mins => OLD.seat_step_minutes)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "slot_bookings_give_back_seats_tg"
  AFTER DELETE OR UPDATE OF "status", "starts_at", "ends_at", "service_id", "seat_step_minutes" ON "slot_bookings"
  FOR EACH ROW EXECUTE FUNCTION "slot_bookings_give_back_seats"();
--> statement-breakpoint
-- The first step of every booking, called from the booking's single statement: wait for the customer's row lock
-- (one booking change per customer at a time), then read, each query with a fresh snapshot as a VOLATILE
-- function's queries are, what committed before: whether the customer still exists, their upcoming open bookings
-- (for BOOKING_MAX_OPEN), the booking an earlier request with the same Idempotency-Key stored, whether the pet
-- (by id, or by name) already has an open booking overlapping [p_starts, p_ends), and whether the pet named by
-- p_pet is the customer's and not archived (true when no pet is named).
CREATE FUNCTION "slot_booking_guard"(p_user uuid, p_key text, p_pet uuid, p_pet_name text, p_starts timestamptz, p_ends timestamptz)
RETURNS TABLE ("customer_exists" boolean, "open_bookings" integer, "earlier_id" uuid, "pet_busy" boolean, "pet_ok" boolean)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = p_user FOR NO KEY UPDATE;
  customer_exists := FOUND;
  SELECT count(*)::int INTO open_bookings FROM "slot_bookings"
  WHERE "user_id" = p_user AND "status" IN ('pending', 'confirmed') AND "starts_at" > now();
  earlier_id := NULL;
  IF p_key IS NOT NULL THEN
    SELECT "id" INTO earlier_id FROM "slot_bookings" WHERE "user_id" = p_user AND "idempotency_key" = p_key;
  END IF;
  pet_busy := EXISTS (
    SELECT 1 FROM "slot_bookings"
    WHERE "user_id" = p_user AND "status" IN ('pending', 'confirmed')
      AND "starts_at" < p_ends AND "ends_at" > p_starts
      AND (("pet_id" IS NOT NULL AND "pet_id" = p_pet) OR lower("pet_name") = lower(p_pet_name))
  );
  pet_ok := p_pet IS NULL OR EXISTS (
    SELECT 1 FROM "pets" WHERE "id" = p_pet AND "owner_id" = p_user AND "archived_at" IS NULL
  );
  RETURN NEXT;
END
$$;
--> statement-breakpoint
-- One booking whose seats could not all be taken (a time of its service is full) undoes the whole statement.
CREATE FUNCTION "slot_seats_all_taken"(p_taken integer, p_needed integer) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_taken > 0 AND p_taken < p_needed THEN
    RAISE EXCEPTION 'slot_full' USING ERRCODE = 'PW409';
  END IF;
  RETURN p_taken = p_needed;
END
$$;
--> statement-breakpoint
-- Counters equal the bookings covering them.
UPDATE "slot_seats" s SET "booked" = (
  SELECT count(*) FROM "slot_bookings" b
  WHERE b."service_id" = s."service_id" AND b."status" <> 'canceled'
    AND s."starts_at" >= b."starts_at" AND s."starts_at" < b."ends_at"
);