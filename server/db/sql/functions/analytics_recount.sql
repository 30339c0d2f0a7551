-- Counts every summary again from the rows, in the time zone given, when it is not the one they are counted in:
-- the migration's backfill, and a start with another CLINIC_TZ (decision 048).
CREATE OR REPLACE FUNCTION public.analytics_recount(zone text)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- One recount at a time; a process that starts with the zone already counted finds nothing to do.
  LOCK TABLE analytics_zone IN EXCLUSIVE MODE;
  IF EXISTS (SELECT 1 FROM analytics_zone WHERE time_zone = zone) THEN
    RETURN false;
  END IF;
  -- Writes of what is counted wait until the recount commits (their triggers then count in the new zone).
  LOCK TABLE slot_bookings, orders, order_items, chat_messages IN SHARE MODE;
  DELETE FROM analytics_zone;
  INSERT INTO analytics_zone (one, time_zone) VALUES (true, zone);
  DELETE FROM analytics_booking_days;
  INSERT INTO analytics_booking_days (day, service_id, status, bookings)
  SELECT (starts_at AT TIME ZONE zone)::date, service_id, status, count(*) FROM slot_bookings GROUP BY 1, 2, 3;
  DELETE FROM analytics_order_days;
  INSERT INTO analytics_order_days (day, cancelled, payment_status, orders, amount)
  SELECT (created_at AT TIME ZONE zone)::date, status = 'cancelled', payment_status, count(*), sum(total)
    FROM orders GROUP BY 1, 2, 3;
  DELETE FROM analytics_product_days;
  INSERT INTO analytics_product_days (span, day, product_id, quantity, amount)
  SELECT s.span, s.day, i.product_id, sum(i.quantity), sum(i.line_total)
    FROM order_items i JOIN orders o ON o.id = i.order_id
   CROSS JOIN LATERAL (VALUES ('day', (o.created_at AT TIME ZONE zone)::date),
                              ('month', date_trunc('month', o.created_at AT TIME ZONE zone)::date)) AS s(span, day)
   WHERE o.status <> 'cancelled'
   GROUP BY 1, 2, 3;
  DELETE FROM analytics_chat_waits;
  DELETE FROM analytics_chat_days;
  DELETE FROM analytics_chat_wait_buckets;
  DELETE FROM analytics_chat_wait_values;
  PERFORM analytics_recount_waits(coalesce(array_agg(c.customer_id), '{}'),
                                  coalesce(array_agg('-infinity'::timestamptz), '{}'))
     FROM (SELECT DISTINCT customer_id FROM chat_messages WHERE customer_id IS NOT NULL) c;
  RETURN true;
END $function$;
