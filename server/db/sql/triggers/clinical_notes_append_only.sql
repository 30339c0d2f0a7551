CREATE OR REPLACE TRIGGER clinical_notes_append_only
  BEFORE DELETE OR UPDATE ON public.clinical_notes
  FOR EACH ROW EXECUTE FUNCTION pet_record_append_only();
