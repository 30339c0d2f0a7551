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
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_booking_id_slot_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."slot_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_kind_booking_uq" ON "reminders" USING btree ("kind","booking_id");--> statement-breakpoint
CREATE INDEX "reminders_due_idx" ON "reminders" USING btree ("due_at") WHERE "reminders"."sent_at" is null;--> statement-breakpoint
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
