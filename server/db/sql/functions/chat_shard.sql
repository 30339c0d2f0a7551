-- Which of the eight counter rows a conversation's customer messages are added to (spreads concurrent writers).
CREATE OR REPLACE FUNCTION public.chat_shard(p_customer uuid)
 RETURNS smallint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT (get_byte(uuid_send(p_customer), 15) % 8)::smallint
$function$;
