-- Before an order is deleted, its counted lines are taken out (decision 048).
CREATE OR REPLACE TRIGGER analytics_forget_order_lines
  BEFORE DELETE ON public.orders
  FOR EACH ROW EXECUTE FUNCTION analytics_forget_order_lines();
