CREATE OR REPLACE TRIGGER pet_weights_append_only
  BEFORE DELETE OR UPDATE ON public.pet_weights
  FOR EACH ROW EXECUTE FUNCTION pet_record_append_only();
