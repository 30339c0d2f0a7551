CREATE OR REPLACE TRIGGER orders_give_back_stock
  AFTER UPDATE OF status ON public.orders
  FOR EACH ROW EXECUTE FUNCTION orders_give_back_stock();
