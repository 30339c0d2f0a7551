CREATE OR REPLACE TRIGGER audit_log_no_change
  BEFORE DELETE OR UPDATE ON public.audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
