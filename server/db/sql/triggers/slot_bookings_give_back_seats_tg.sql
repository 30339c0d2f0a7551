CREATE OR REPLACE TRIGGER slot_bookings_give_back_seats_tg
  AFTER DELETE OR UPDATE OF status, starts_at, ends_at, service_id, seat_step_minutes ON public.slot_bookings
  FOR EACH ROW EXECUTE FUNCTION slot_bookings_give_back_seats();
