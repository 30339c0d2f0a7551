CREATE OR REPLACE TRIGGER orders_move_items_placed_at
  AFTER UPDATE OF created_at ON public.orders
  FOR EACH ROW WHEN ((old.created_at IS DISTINCT FROM new.created_at)) EXECUTE FUNCTION orders_move_items_placed_at();
