-- Seats are taken only by the booking's conditional upsert (it alone checks capacity), one at every grid time the
-- service covers. They are given back here, by the database, whenever a booking stops holding them: deleted by any
-- path, moved to another time, or canceled. A completed visit or a no-show keeps its seats: the time was used
-- (decisions 014 and 021).
CREATE OR REPLACE FUNCTION public.slot_bookings_give_back_seats()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;
