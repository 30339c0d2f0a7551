CREATE OR REPLACE TRIGGER invoice_lines_no_truncate
  BEFORE TRUNCATE ON public.invoice_lines
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_append_only();
