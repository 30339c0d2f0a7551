-- Orders counted per day as they are written (decision 048).
CREATE OR REPLACE TRIGGER analytics_count_orders_insert
  AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_orders();
