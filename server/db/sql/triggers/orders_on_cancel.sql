CREATE OR REPLACE TRIGGER orders_on_cancel
  BEFORE UPDATE OF status ON public.orders
  FOR EACH ROW EXECUTE FUNCTION orders_on_cancel();
