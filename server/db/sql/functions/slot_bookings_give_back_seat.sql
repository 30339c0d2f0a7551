-- Unused since migration 0002, which dropped its trigger and the table it updates (slot_times); its successor is
-- slot_bookings_give_back_seats. It is kept here because every database still holds it: removing it takes a
-- migration that drops it, and this file with it.
CREATE OR REPLACE FUNCTION public.slot_bookings_give_back_seat()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status = 'canceled' AND NEW.status <> 'canceled' THEN
      -- Reopening would hold a seat no capacity check granted: book again instead.
      RAISE EXCEPTION 'a canceled booking cannot be reopened' USING ERRCODE = 'check_violation';
    END IF;
    IF OLD.status = 'canceled' OR (NEW.status <> 'canceled' AND NEW.starts_at = OLD.starts_at) THEN
      RETURN NULL;
    END IF;
  ELSIF OLD.status = 'canceled' THEN
    RETURN NULL;
  END IF;
  UPDATE "slot_times" SET "booked" = "booked" - 1 WHERE "starts_at" = OLD.starts_at;
  RETURN NULL;
END
$function$;
