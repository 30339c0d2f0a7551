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
ALTER TABLE "slot_bookings" ADD COLUMN "ride_status" text;--> statement-breakpoint
ALTER TABLE "ride_steps" ADD CONSTRAINT "ride_steps_booking_id_slot_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."slot_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_steps" ADD CONSTRAINT "ride_steps_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
