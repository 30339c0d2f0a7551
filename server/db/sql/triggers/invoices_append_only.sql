CREATE OR REPLACE TRIGGER invoices_append_only
  BEFORE DELETE OR UPDATE ON public.invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_append_only();
