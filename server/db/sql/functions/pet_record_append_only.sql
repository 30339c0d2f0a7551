-- The pet's medical record is append-only (decision 047): a correction is a new row naming the one it corrects,
-- nothing is changed or deleted. Two changes pass: a prescription's refill counter moving up by one (an approved
-- refill, nothing else in the row), and the deletion that follows the pet's or its owner's own (an account's
-- deletion takes its pets and their records with it).
CREATE OR REPLACE FUNCTION public.pet_record_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "pets" p JOIN "users" u ON u."id" = p."owner_id" WHERE p."id" = OLD."pet_id") THEN
      RETURN OLD;
    END IF;
  ELSIF TG_TABLE_NAME = 'prescriptions' THEN
    -- Read as json: the other tables have no such column.
    IF (to_jsonb(NEW) ->> 'refills_used')::int = (to_jsonb(OLD) ->> 'refills_used')::int + 1
      AND (to_jsonb(NEW) - 'refills_used') = (to_jsonb(OLD) - 'refills_used') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% rows are part of the medical record: they cannot be changed or deleted', TG_TABLE_NAME
    USING ERRCODE = 'PW403';
END
$function$;
