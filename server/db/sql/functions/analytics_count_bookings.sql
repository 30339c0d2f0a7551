-- Bookings by clinic-local appointment day, service and status, moved by every statement that adds, changes or
-- removes bookings, in its transaction (decision 048).
CREATE OR REPLACE FUNCTION public.analytics_count_bookings()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  zone text := (SELECT time_zone FROM analytics_zone);
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS n, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS n, * FROM old_rows'
    ELSE 'SELECT -1 AS n, * FROM old_rows UNION ALL SELECT 1, * FROM new_rows' END;
BEGIN
  -- What the statement added, less what it took away, by appointment day, service and status.
  EXECUTE format($q$
    INSERT INTO analytics_booking_days AS d (day, service_id, status, bookings)
    SELECT (r.starts_at AT TIME ZONE $1)::date, r.service_id, r.status, sum(r.n)
      FROM (%s) r
     GROUP BY 1, 2, 3 HAVING sum(r.n) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (day, service_id, status) DO UPDATE SET bookings = d.bookings + EXCLUDED.bookings$q$, changed)
  USING zone;
  RETURN NULL;
END $function$;
