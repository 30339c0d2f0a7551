-- Order lines counted per day and product as they are written (decision 048).
CREATE OR REPLACE TRIGGER analytics_count_order_lines_update
  AFTER UPDATE ON public.order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_order_lines();
