-- The audit log is append-only: nobody changes or removes an entry, through the product or otherwise
-- (decision 027). Both triggers on audit_log call it.
CREATE OR REPLACE FUNCTION public.audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit_log entries cannot be changed or deleted' USING ERRCODE = 'PW403';
END
$function$;
