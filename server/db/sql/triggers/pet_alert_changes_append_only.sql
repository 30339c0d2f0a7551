CREATE OR REPLACE TRIGGER pet_alert_changes_append_only
  BEFORE DELETE OR UPDATE ON public.pet_alert_changes
  FOR EACH ROW EXECUTE FUNCTION pet_record_append_only();
