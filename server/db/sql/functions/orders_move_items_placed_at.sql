-- Nothing moves an order in time, but should anything ever do, its lines follow.
CREATE OR REPLACE FUNCTION public.orders_move_items_placed_at()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE order_items SET placed_at = NEW.created_at WHERE order_id = NEW.id;
  RETURN NULL;
END $function$;
