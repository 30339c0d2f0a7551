-- Bookings counted per day as they are written (decision 048).
CREATE OR REPLACE TRIGGER analytics_count_bookings_delete
  AFTER DELETE ON public.slot_bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_bookings();
