-- An appointment reminder is due 24 hours before every confirmed booking, whatever path confirms, moves or cancels
-- it: a moved booking's reminder moves with it (and is sent again for the new time), a booking that is no longer
-- confirmed, or confirmed less than a day ahead, has none left to send.
CREATE OR REPLACE FUNCTION public.slot_bookings_reminder()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;
