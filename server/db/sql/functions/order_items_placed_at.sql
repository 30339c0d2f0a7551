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
