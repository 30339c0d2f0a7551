-- Issued invoices and credit notes, and their lines, are never changed or removed (decision 053): a correction is a
-- credit note. The one change allowed is the customer's id going to null when their account is deleted (the foreign
-- key's ON DELETE SET NULL); the name, e-mail and address stay as printed.
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
