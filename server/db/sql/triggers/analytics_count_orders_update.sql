-- Orders counted per day as they are written (decision 048).
CREATE OR REPLACE TRIGGER analytics_count_orders_update
  AFTER UPDATE ON public.orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_orders();
