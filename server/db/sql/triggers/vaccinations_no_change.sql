CREATE OR REPLACE TRIGGER vaccinations_no_change
  BEFORE DELETE OR UPDATE ON public.vaccinations
  FOR EACH ROW EXECUTE FUNCTION vaccinations_append_only();
