-- The clinic's due list reads pet_care_due alone: a pet's species and whether it is archived follow the pet there
-- in the transaction of its change (an archived pet leaves the list and its reminders stop).
CREATE OR REPLACE FUNCTION public.pets_care_due_follow()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE pet_care_due
     SET species = NEW.species, pet_archived = NEW.archived_at IS NOT NULL, owner_id = NEW.owner_id
   WHERE pet_id = NEW.id;
  RETURN NULL;
END
$function$;
