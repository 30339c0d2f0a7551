CREATE OR REPLACE TRIGGER invoice_lines_append_only
  BEFORE DELETE OR UPDATE ON public.invoice_lines
  FOR EACH ROW EXECUTE FUNCTION invoices_append_only();
