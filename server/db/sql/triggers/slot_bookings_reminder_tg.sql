CREATE OR REPLACE TRIGGER slot_bookings_reminder_tg
  AFTER INSERT OR UPDATE OF status, starts_at ON public.slot_bookings
  FOR EACH ROW EXECUTE FUNCTION slot_bookings_reminder();
