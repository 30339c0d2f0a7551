-- A wait's bucket: a whole number that never falls as its seconds grow (decision 048).
CREATE OR REPLACE FUNCTION public.analytics_wait_bucket(seconds double precision)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  -- The top 16 bits of a positive float8 (sign, exponent, four bits of mantissa) grow with it: 16 buckets per
  -- doubling, exact comparisons only, the same on every platform.
  SELECT (('x' || encode(float8send(seconds), 'hex'))::bit(64)::bigint >> 48)::integer
$function$;
