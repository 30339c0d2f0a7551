ALTER TABLE "order_items" ADD COLUMN "placed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_customer_sent_idx" ON "chat_messages" USING btree ("created_at","customer_id") WHERE "chat_messages"."sender_role" = 'user';--> statement-breakpoint
CREATE INDEX "chat_messages_staff_reply_idx" ON "chat_messages" USING btree ("customer_id","created_at") WHERE "chat_messages"."sender_role" <> 'user';--> statement-breakpoint
CREATE INDEX "slot_bookings_starts_service_status_idx" ON "slot_bookings" USING btree ("starts_at","service_id","status");--> statement-breakpoint
CREATE INDEX "order_items_placed_idx" ON "order_items" USING btree ("placed_at","order_id","product_id","quantity","line_total");--> statement-breakpoint
CREATE INDEX "orders_created_totals_idx" ON "orders" USING btree ("created_at","status","payment_status","total","id");--> statement-breakpoint
-- An order's lines carry the time it was placed, for the figures of a range of days (decision 028): the lines that
-- exist get their order's, and every new line takes its order's, whatever the insert says. Orders are inserted
-- before their lines (the foreign key), also in the one statement that places an order: a row trigger sees them.
UPDATE "order_items" i SET "placed_at" = o."created_at" FROM "orders" o WHERE o."id" = i."order_id";
--> statement-breakpoint
CREATE FUNCTION order_items_placed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.created_at INTO NEW.placed_at FROM orders o WHERE o.id = NEW.order_id;
  IF NEW.placed_at IS NULL THEN
    RAISE EXCEPTION 'order % does not exist', NEW.order_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_placed_at BEFORE INSERT OR UPDATE OF order_id, placed_at ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_placed_at();
--> statement-breakpoint
-- Nothing moves an order in time, but should anything ever do, its lines follow.
CREATE FUNCTION orders_move_items_placed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_items SET placed_at = NEW.created_at WHERE order_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_move_items_placed_at AFTER UPDATE OF created_at ON orders
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION orders_move_items_placed_at();
