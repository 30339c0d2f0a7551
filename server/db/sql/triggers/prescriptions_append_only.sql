CREATE OR REPLACE TRIGGER prescriptions_append_only
  BEFORE DELETE OR UPDATE ON public.prescriptions
  FOR EACH ROW EXECUTE FUNCTION pet_record_append_only();
