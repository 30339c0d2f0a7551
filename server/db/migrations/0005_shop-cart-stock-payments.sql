CREATE TABLE "cart_items" (
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "cart_items_qty_ck" CHECK ("cart_items"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_product_idx" ON "cart_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_payment_created_idx" ON "orders" USING btree ("payment_status","created_at","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_stock_ck" CHECK ("products"."stock" >= 0);--> statement-breakpoint
-- Products already on sale before stock was tracked start with 100 units each, so the shop keeps selling after the
-- upgrade; admins set the real counts from /admin/products.
UPDATE "products" SET "stock" = 100;
--> statement-breakpoint
-- Orders delivered before payments were tracked were paid on delivery.
UPDATE "orders" SET "payment_status" = 'paid', "paid_at" = "updated_at" WHERE "status" = 'delivered';
--> statement-breakpoint
-- Orders cancelled before this migration are marked as cancelled by staff, the only ones who could.
UPDATE "orders" SET "cancelled_by" = 'staff' WHERE "status" = 'cancelled';
--> statement-breakpoint
-- A cancellation, by whatever path: a paid order now owes a refund, an unnamed canceller is staff, and a cancelled
-- order never reopens (its stock has been given back).
CREATE FUNCTION orders_on_cancel() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_on_cancel BEFORE UPDATE OF status ON orders FOR EACH ROW EXECUTE FUNCTION orders_on_cancel();
--> statement-breakpoint
-- The stock of a cancelled order goes back to the shelf exactly once: only the move into cancelled gives it, and
-- a cancelled order cannot leave that status. Products are updated in id order, the order an order takes them in,
-- so a cancellation and a checkout never wait on each other crosswise.
CREATE FUNCTION orders_give_back_stock() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_give_back_stock AFTER UPDATE OF status ON orders FOR EACH ROW EXECUTE FUNCTION orders_give_back_stock();
