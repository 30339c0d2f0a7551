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
