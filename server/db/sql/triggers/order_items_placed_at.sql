CREATE OR REPLACE TRIGGER order_items_placed_at
  BEFORE INSERT OR UPDATE OF order_id, placed_at ON public.order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_placed_at();
