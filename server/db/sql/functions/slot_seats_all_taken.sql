-- One booking whose seats could not all be taken (a time of its service is full) undoes the whole statement.
CREATE OR REPLACE FUNCTION public.slot_seats_all_taken(p_taken integer, p_needed integer)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_taken > 0 AND p_taken < p_needed THEN
    RAISE EXCEPTION 'slot_full' USING ERRCODE = 'PW409';
  END IF;
  RETURN p_taken = p_needed;
END
$function$;
