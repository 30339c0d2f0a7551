-- A pet's doses are its clinical record: no entry is changed, and none is removed except with the pet itself when
-- its owner's account is deleted (the cascade runs this trigger one level down). A correction is a new entry
-- naming the one it corrects.
CREATE OR REPLACE FUNCTION public.vaccinations_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'vaccination entries cannot be changed or deleted; record a correction instead' USING ERRCODE = 'PW403';
END
$function$;
