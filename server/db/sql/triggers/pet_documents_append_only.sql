CREATE OR REPLACE TRIGGER pet_documents_append_only
  BEFORE DELETE OR UPDATE ON public.pet_documents
  FOR EACH ROW EXECUTE FUNCTION pet_record_append_only();
