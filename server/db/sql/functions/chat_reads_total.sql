-- A staff member's read total follows their per-conversation read counts. A deleted read only subtracts: when the
-- reader's account is being deleted, their total row may already be gone.
CREATE OR REPLACE FUNCTION public.chat_reads_total()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "chat_reader_totals" SET "read_count" = "read_count" - OLD."read_count" WHERE "reader_id" = OLD."reader_id";
    RETURN NULL;
  END IF;
  IF NEW."read_count" <> COALESCE(OLD."read_count", 0) THEN
    INSERT INTO "chat_reader_totals" AS t ("reader_id", "read_count")
    VALUES (NEW."reader_id", NEW."read_count" - COALESCE(OLD."read_count", 0))
    ON CONFLICT ("reader_id") DO UPDATE SET "read_count" = t."read_count" + EXCLUDED."read_count";
  END IF;
  RETURN NULL;
END
$function$;
