CREATE OR REPLACE TRIGGER slot_bookings_ride_status_tg
  BEFORE INSERT OR UPDATE OF status ON public.slot_bookings
  FOR EACH ROW EXECUTE FUNCTION slot_bookings_ride_status();
