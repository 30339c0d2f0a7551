CREATE TABLE "emergencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"pet_id" uuid,
	"pet_name" text NOT NULL,
	"description" text NOT NULL,
	"phone" text NOT NULL,
	"needs_pickup" boolean NOT NULL,
	"address" text,
	"status" text DEFAULT 'open' NOT NULL,
	"triage_level" smallint,
	"assigned_to" uuid,
	"assigned_to_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergencies_status_ck" CHECK ("emergencies"."status" in ('open', 'acknowledged', 'assigned', 'resolved')),
	CONSTRAINT "emergencies_triage_ck" CHECK ("emergencies"."triage_level" between 1 and 3),
	CONSTRAINT "emergencies_pickup_ck" CHECK (not "emergencies"."needs_pickup" or "emergencies"."address" is not null)
);
--> statement-breakpoint
CREATE TABLE "emergency_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"emergency_id" uuid NOT NULL,
	"status" text NOT NULL,
	"triage_level" smallint,
	"note" text,
	"actor_id" uuid,
	"actor_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_steps" (
	"booking_id" uuid NOT NULL,
	"status" text NOT NULL,
	"set_by" uuid,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message" text,
	CONSTRAINT "ride_steps_booking_id_status_pk" PRIMARY KEY("booking_id","status"),
	CONSTRAINT "ride_steps_status_ck" CHECK ("ride_steps"."status" in ('scheduled', 'driver_on_the_way', 'picked_up', 'at_clinic', 'on_the_way_home', 'dropped_off'))
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"for_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_kind_ck" CHECK ("reminders"."kind" in ('appointment', 'care'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "ride_status" text;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_events" ADD CONSTRAINT "emergency_events_emergency_id_emergencies_id_fk" FOREIGN KEY ("emergency_id") REFERENCES "public"."emergencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_events" ADD CONSTRAINT "emergency_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_steps" ADD CONSTRAINT "ride_steps_booking_id_slot_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."slot_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_steps" ADD CONSTRAINT "ride_steps_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_booking_id_slot_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."slot_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emergencies_one_open_uq" ON "emergencies" USING btree ("user_id") WHERE "emergencies"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "emergencies_queue_idx" ON "emergencies" USING btree (coalesce("triage_level", 0),"created_at") WHERE "emergencies"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "emergencies_user_created_idx" ON "emergencies" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "emergencies_resolved_idx" ON "emergencies" USING btree ("updated_at") WHERE "emergencies"."status" = 'resolved';--> statement-breakpoint
CREATE INDEX "emergency_events_emergency_idx" ON "emergency_events" USING btree ("emergency_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_kind_booking_uq" ON "reminders" USING btree ("kind","booking_id");--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "reminders" USING btree ("due_at") WHERE "reminders"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_ride_status_ck" CHECK ("slot_bookings"."ride_status" in ('scheduled', 'driver_on_the_way', 'picked_up', 'at_clinic', 'on_the_way_home', 'dropped_off', 'canceled'));--> statement-breakpoint
-- A pickup booking is a ride from the moment it is booked, and its ride ends with it when it is canceled, whatever
-- path books or cancels it (the booking's statement, a reschedule, a customer's deletion of their account).
CREATE FUNCTION "slot_bookings_ride_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM "services" WHERE "id" = NEW."service_id" AND "kind" = 'pickup') THEN
      NEW."ride_status" := 'scheduled';
    END IF;
  ELSIF NEW."status" = 'canceled' AND OLD."status" <> 'canceled' AND NEW."ride_status" IS NOT NULL
        AND NEW."ride_status" <> 'dropped_off' THEN
    NEW."ride_status" := 'canceled';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "slot_bookings_ride_status_tg" BEFORE INSERT OR UPDATE OF "status" ON "slot_bookings"
  FOR EACH ROW EXECUTE FUNCTION "slot_bookings_ride_status"();
--> statement-breakpoint
UPDATE "slot_bookings" b SET "ride_status" = CASE WHEN b."status" = 'canceled' THEN 'canceled' ELSE 'scheduled' END
  FROM "services" s WHERE s."id" = b."service_id" AND s."kind" = 'pickup';
--> statement-breakpoint
-- An appointment reminder is due 24 hours before every confirmed booking, whatever path confirms, moves or cancels
-- it: a moved booking's reminder moves with it (and is sent again for the new time), a booking that is no longer
-- confirmed, or confirmed less than a day ahead, has none left to send.
CREATE FUNCTION "slot_bookings_reminder"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'confirmed' AND NEW."starts_at" - interval '24 hours' > now() THEN
    INSERT INTO "reminders" AS r ("kind", "booking_id", "user_id", "due_at", "for_at")
    VALUES ('appointment', NEW."id", NEW."user_id", NEW."starts_at" - interval '24 hours', NEW."starts_at")
    ON CONFLICT ("kind", "booking_id") DO UPDATE SET
      "due_at" = EXCLUDED."due_at",
      "for_at" = EXCLUDED."for_at",
      "sent_at" = CASE WHEN r."for_at" = EXCLUDED."for_at" THEN r."sent_at" END;
  ELSE
    DELETE FROM "reminders" WHERE "kind" = 'appointment' AND "booking_id" = NEW."id" AND "sent_at" IS NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "slot_bookings_reminder_tg" AFTER INSERT OR UPDATE OF "status", "starts_at" ON "slot_bookings"
  FOR EACH ROW EXECUTE FUNCTION "slot_bookings_reminder"();
--> statement-breakpoint
INSERT INTO "reminders" ("kind", "booking_id", "user_id", "due_at", "for_at")
SELECT 'appointment', b."id", b."user_id", b."starts_at" - interval '24 hours', b."starts_at"
  FROM "slot_bookings" b
 WHERE b."status" = 'confirmed' AND b."starts_at" - interval '24 hours' > now();
