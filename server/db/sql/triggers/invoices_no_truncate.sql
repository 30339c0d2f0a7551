CREATE OR REPLACE TRIGGER invoices_no_truncate
  BEFORE TRUNCATE ON public.invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_append_only();
