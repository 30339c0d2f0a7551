CREATE OR REPLACE TRIGGER pets_care_due_follow_tg
  AFTER UPDATE OF species, archived_at, owner_id ON public.pets
  FOR EACH ROW
  WHEN (((old.species IS DISTINCT FROM new.species) OR (old.archived_at IS DISTINCT FROM new.archived_at) OR (old.owner_id IS DISTINCT FROM new.owner_id)))
  EXECUTE FUNCTION pets_care_due_follow();
