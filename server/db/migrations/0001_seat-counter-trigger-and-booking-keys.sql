ALTER TABLE "slot_bookings" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_bookings_user_key_uq" ON "slot_bookings" USING btree ("user_id","idempotency_key");--> statement-breakpoint
-- Seats are taken only by the booking's conditional upsert (it alone checks capacity). They are given back here,
-- by the database, whenever a booking stops holding one: deleted by any path (a user's deletion cascades), moved
-- to another time, or canceled. No code path can forget it (decision 014).
CREATE FUNCTION "slot_bookings_give_back_seat"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE TRIGGER "slot_bookings_give_back_seat_tg" AFTER DELETE OR UPDATE OF "status", "starts_at" ON "slot_bookings"
  FOR EACH ROW EXECUTE FUNCTION "slot_bookings_give_back_seat"();
--> statement-breakpoint
-- The first step of every booking, called from the booking's single statement: wait for the customer's row lock
-- (one booking change per customer at a time), then read, each query with a fresh snapshot as a VOLATILE
-- function's queries are, what committed before: whether the customer still exists, their upcoming open bookings
-- (for BOOKING_MAX_OPEN) and the booking an earlier request with the same Idempotency-Key stored. A plain statement
-- would read those with the snapshot it took before waiting for the lock, and racing requests would all see room.
CREATE FUNCTION "slot_booking_guard"(p_user uuid, p_key text)
RETURNS TABLE ("customer_exists" boolean, "open_bookings" integer, "earlier_id" uuid) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = p_user FOR NO KEY UPDATE;
  customer_exists := FOUND;
  SELECT count(*)::int INTO open_bookings FROM "slot_bookings"
  WHERE "user_id" = p_user AND "status" IN ('pending', 'confirmed') AND "starts_at" > now();
  earlier_id := NULL;
  IF p_key IS NOT NULL THEN
    SELECT "id" INTO earlier_id FROM "slot_bookings" WHERE "user_id" = p_user AND "idempotency_key" = p_key;
  END IF;
  RETURN NEXT;
END
$$;
--> statement-breakpoint
-- Repair what deletions leaked before the trigger existed; no booking may change meanwhile.
LOCK TABLE "slot_times", "slot_bookings" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
UPDATE "slot_times" s SET "booked" = (SELECT count(*) FROM "slot_bookings" b WHERE b."starts_at" = s."starts_at" AND b."status" <> 'canceled');
