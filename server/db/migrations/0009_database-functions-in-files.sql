-- Every database function and trigger, as server/db/sql/functions and server/db/sql/triggers hold them (decision
-- 033): the definitions that migrations 0000-0008 left, applied again unchanged, from now on read in one place.

-- The audit log is append-only: nobody changes or removes an entry, through the product or otherwise
-- (decision 027). Both triggers on audit_log call it.
CREATE OR REPLACE FUNCTION public.audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit_log entries cannot be changed or deleted' USING ERRCODE = 'PW403';
END
$function$;
--> statement-breakpoint
-- Every stored message updates its conversation's summary and the customers' message count in its own
-- transaction, whoever writes it (decision 022).
CREATE OR REPLACE FUNCTION public.chat_messages_summarise()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_id uuid;
  v_at timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "chat_conversations" AS c ("customer_id", "last_message_id", "last_message_at", "customer_messages")
    VALUES (NEW."customer_id", NEW."id", NEW."created_at", (NEW."sender_role" = 'user')::int)
    ON CONFLICT ("customer_id") DO UPDATE SET
      "last_message_id" = CASE WHEN (EXCLUDED."last_message_at", EXCLUDED."last_message_id") > (c."last_message_at", c."last_message_id")
                               THEN EXCLUDED."last_message_id" ELSE c."last_message_id" END,
      "last_message_at" = CASE WHEN (EXCLUDED."last_message_at", EXCLUDED."last_message_id") > (c."last_message_at", c."last_message_id")
                               THEN EXCLUDED."last_message_at" ELSE c."last_message_at" END,
      "customer_messages" = c."customer_messages" + EXCLUDED."customer_messages";
    IF NEW."sender_role" = 'user' THEN
      INSERT INTO "chat_customer_message_counts" AS n ("shard", "messages") VALUES ("chat_shard"(NEW."customer_id"), 1)
      ON CONFLICT ("shard") DO UPDATE SET "messages" = n."messages" + 1;
    END IF;
    RETURN NULL;
  END IF;
  -- DELETE (a sender's account deleted): take the message out of the counts; if it was the last one, the one before
  -- it becomes the last, and a conversation with no message left is gone.
  IF OLD."sender_role" = 'user' THEN
    UPDATE "chat_customer_message_counts" SET "messages" = "messages" - 1 WHERE "shard" = "chat_shard"(OLD."customer_id");
    UPDATE "chat_conversations" SET "customer_messages" = "customer_messages" - 1 WHERE "customer_id" = OLD."customer_id";
  END IF;
  PERFORM 1 FROM "chat_conversations" WHERE "customer_id" = OLD."customer_id" AND "last_message_id" = OLD."id";
  IF FOUND THEN
    SELECT m."id", m."created_at" INTO v_id, v_at FROM "chat_messages" m
     WHERE m."customer_id" = OLD."customer_id" ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1;
    IF v_id IS NULL THEN
      DELETE FROM "chat_conversations" WHERE "customer_id" = OLD."customer_id";
    ELSE
      UPDATE "chat_conversations" SET "last_message_id" = v_id, "last_message_at" = v_at WHERE "customer_id" = OLD."customer_id";
    END IF;
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
-- A staff member's read total follows their per-conversation read counts. A deleted read only subtracts: when the
-- reader's account is being deleted, their total row may already be gone.
CREATE OR REPLACE FUNCTION public.chat_reads_total()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "chat_reader_totals" SET "read_count" = "read_count" - OLD."read_count" WHERE "reader_id" = OLD."reader_id";
    RETURN NULL;
  END IF;
  IF NEW."read_count" <> COALESCE(OLD."read_count", 0) THEN
    INSERT INTO "chat_reader_totals" AS t ("reader_id", "read_count")
    VALUES (NEW."reader_id", NEW."read_count" - COALESCE(OLD."read_count", 0))
    ON CONFLICT ("reader_id") DO UPDATE SET "read_count" = t."read_count" + EXCLUDED."read_count";
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
-- Which of the eight counter rows a conversation's customer messages are added to (spreads concurrent writers).
CREATE OR REPLACE FUNCTION public.chat_shard(p_customer uuid)
 RETURNS smallint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT (get_byte(uuid_send(p_customer), 15) % 8)::smallint
$function$;
--> statement-breakpoint
-- An order's lines carry the time it was placed, for the figures of a range of days (decision 028): every new line
-- takes its order's, whatever the insert says. Orders are inserted before their lines (the foreign key), also in the
-- one statement that places an order: a row trigger sees them.
CREATE OR REPLACE FUNCTION public.order_items_placed_at()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  SELECT o.created_at INTO NEW.placed_at FROM orders o WHERE o.id = NEW.order_id;
  IF NEW.placed_at IS NULL THEN
    RAISE EXCEPTION 'order % does not exist', NEW.order_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $function$;
--> statement-breakpoint
-- The stock of a cancelled order goes back to the shelf exactly once: only the move into cancelled gives it, and
-- a cancelled order cannot leave that status. Products are updated in id order, the order an order takes them in,
-- so a cancellation and a checkout never wait on each other crosswise.
CREATE OR REPLACE FUNCTION public.orders_give_back_stock()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  line record;
BEGIN
  IF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
    FOR line IN
      SELECT product_id, sum(quantity)::int AS quantity FROM order_items WHERE order_id = NEW.id
       GROUP BY product_id ORDER BY product_id
    LOOP
      UPDATE products SET stock = stock + line.quantity, updated_at = now() WHERE id = line.product_id;
    END LOOP;
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- Nothing moves an order in time, but should anything ever do, its lines follow.
CREATE OR REPLACE FUNCTION public.orders_move_items_placed_at()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE order_items SET placed_at = NEW.created_at WHERE order_id = NEW.id;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- A cancellation, by whatever path: a paid order now owes a refund, an unnamed canceller is staff, and a cancelled
-- order never reopens (its stock has been given back).
CREATE OR REPLACE FUNCTION public.orders_on_cancel()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.status = 'cancelled' AND NEW.status <> 'cancelled' THEN
    RAISE EXCEPTION 'a cancelled order cannot be reopened' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
    IF OLD.payment_status = 'paid' THEN
      NEW.payment_status := 'refund_due';
    END IF;
    IF NEW.cancelled_by IS NULL THEN
      NEW.cancelled_by := 'staff';
    END IF;
  END IF;
  RETURN NEW;
END $function$;
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
-- One booking whose seats could not all be taken (a time of its service is full) undoes the whole statement.
CREATE OR REPLACE FUNCTION public.slot_seats_all_taken(p_taken integer, p_needed integer)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_taken > 0 AND p_taken < p_needed THEN
    RAISE EXCEPTION 'slot_full' USING ERRCODE = 'PW409';
  END IF;
  RETURN p_taken = p_needed;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_no_change
  BEFORE DELETE OR UPDATE ON public.audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON public.audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER chat_messages_summarise_delete_tg
  AFTER DELETE ON public.chat_messages
  FOR EACH ROW WHEN ((old.customer_id IS NOT NULL)) EXECUTE FUNCTION chat_messages_summarise();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER chat_messages_summarise_insert_tg
  AFTER INSERT ON public.chat_messages
  FOR EACH ROW WHEN ((new.customer_id IS NOT NULL)) EXECUTE FUNCTION chat_messages_summarise();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER chat_reads_total_tg
  AFTER INSERT OR DELETE OR UPDATE OF read_count ON public.chat_reads
  FOR EACH ROW EXECUTE FUNCTION chat_reads_total();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER order_items_placed_at
  BEFORE INSERT OR UPDATE OF order_id, placed_at ON public.order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_placed_at();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_give_back_stock
  AFTER UPDATE OF status ON public.orders
  FOR EACH ROW EXECUTE FUNCTION orders_give_back_stock();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_move_items_placed_at
  AFTER UPDATE OF created_at ON public.orders
  FOR EACH ROW WHEN ((old.created_at IS DISTINCT FROM new.created_at)) EXECUTE FUNCTION orders_move_items_placed_at();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_on_cancel
  BEFORE UPDATE OF status ON public.orders
  FOR EACH ROW EXECUTE FUNCTION orders_on_cancel();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER slot_bookings_give_back_seats_tg
  AFTER DELETE OR UPDATE OF status, starts_at, ends_at, service_id, seat_step_minutes ON public.slot_bookings
  FOR EACH ROW EXECUTE FUNCTION slot_bookings_give_back_seats();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER slot_bookings_reminder_tg
  AFTER INSERT OR UPDATE OF status, starts_at ON public.slot_bookings
  FOR EACH ROW EXECUTE FUNCTION slot_bookings_reminder();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER slot_bookings_ride_status_tg
  BEFORE INSERT OR UPDATE OF status ON public.slot_bookings
  FOR EACH ROW EXECUTE FUNCTION slot_bookings_ride_status();
