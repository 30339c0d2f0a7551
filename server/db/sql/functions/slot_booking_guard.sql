-- The first step of every booking, called from the booking's single statement: wait for the customer's row lock
-- (one booking change per customer at a time), then read, each query with a fresh snapshot as a VOLATILE
-- function's queries are, what committed before: whether the customer still exists, their upcoming open bookings
-- (for BOOKING_MAX_OPEN), the booking an earlier request with the same Idempotency-Key stored, whether the pet
-- (by id, or by name) already has an open booking overlapping [p_starts, p_ends), and whether the pet named by
-- p_pet is the customer's and not archived (true when no pet is named).
CREATE OR REPLACE FUNCTION public.slot_booking_guard(p_user uuid, p_key text, p_pet uuid, p_pet_name text, p_starts timestamp with time zone, p_ends timestamp with time zone)
 RETURNS TABLE(customer_exists boolean, open_bookings integer, earlier_id uuid, pet_busy boolean, pet_ok boolean)
 LANGUAGE plpgsql
AS $function$
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
$function$;
