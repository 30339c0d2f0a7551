-- Bookings counted per day as they are written (decision 048).
CREATE OR REPLACE TRIGGER analytics_count_bookings_insert
  AFTER INSERT ON public.slot_bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_bookings();
