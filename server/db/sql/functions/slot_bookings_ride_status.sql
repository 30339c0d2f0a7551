-- A pickup booking is a ride from the moment it is booked, and its ride ends with it when it is canceled, whatever
-- path books or cancels it (the booking's statement, a reschedule, a customer's deletion of their account).
CREATE OR REPLACE FUNCTION public.slot_bookings_ride_status()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;
