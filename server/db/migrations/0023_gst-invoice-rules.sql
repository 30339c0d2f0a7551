-- The tax class of the products and services there are (decision 053; shared/gst.ts says the same for new ones).
UPDATE products SET hsn_sac = CASE category WHEN 'Food' THEN '2309' WHEN 'Toys' THEN '9503' WHEN 'Accessories' THEN '4201' ELSE '3305' END,
  gst_rate = CASE category WHEN 'Food' THEN 18 ELSE 5 END;
--> statement-breakpoint
UPDATE services SET hsn_sac = CASE WHEN kind IN ('checkup', 'emergency') THEN '998351' ELSE '999799' END,
  gst_rate = CASE WHEN kind IN ('checkup', 'emergency') THEN 0 ELSE 18 END;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.invoices_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'invoices' THEN
    IF NEW.customer_id IS NULL AND (to_jsonb(NEW) - 'customer_id') = (to_jsonb(OLD) - 'customer_id') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% rows are issued tax documents: they cannot be changed or deleted; issue a credit note instead',
    TG_TABLE_NAME USING ERRCODE = 'PW403';
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER invoices_append_only
  BEFORE DELETE OR UPDATE ON public.invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER invoice_lines_append_only
  BEFORE DELETE OR UPDATE ON public.invoice_lines
  FOR EACH ROW EXECUTE FUNCTION invoices_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER invoices_no_truncate
  BEFORE TRUNCATE ON public.invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER invoice_lines_no_truncate
  BEFORE TRUNCATE ON public.invoice_lines
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_append_only();
