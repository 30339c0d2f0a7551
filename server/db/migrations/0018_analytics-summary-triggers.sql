-- Per-day summaries of what analytics count, kept by triggers in the transaction of each write (decision 048),
-- and filled from the rows already there.
CREATE OR REPLACE FUNCTION public.analytics_wait_bucket(seconds double precision)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE STRICT
AS $function$
  -- The top 16 bits of a positive float8 (sign, exponent, four bits of mantissa) grow with it: 16 buckets per
  -- doubling, exact comparisons only, the same on every platform.
  SELECT (('x' || encode(float8send(seconds), 'hex'))::bit(64)::bigint >> 48)::integer
$function$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.analytics_count_orders()
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
  -- Orders by the day they were placed, cancelled or not, and payment status.
  EXECUTE format($q$
    INSERT INTO analytics_order_days AS d (day, cancelled, payment_status, orders, amount)
    SELECT (r.created_at AT TIME ZONE $1)::date, r.status = 'cancelled', r.payment_status, sum(r.n), sum(r.n * r.total)
      FROM (%s) r
     GROUP BY 1, 2, 3 HAVING sum(r.n) <> 0 OR sum(r.n * r.total) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (day, cancelled, payment_status) DO UPDATE
      SET orders = d.orders + EXCLUDED.orders, amount = d.amount + EXCLUDED.amount$q$, changed)
  USING zone;
  -- An order cancelled (or moved to another day) takes its lines out of the day it was counted in. A new order's
  -- lines are counted by the trigger on order_items; a deleted one's by analytics_forget_order_lines.
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_product_days AS d (span, day, product_id, quantity, amount)
    SELECT s.span, s.day, x.product_id, sum(x.n * x.quantity), sum(x.n * x.line_total)
      FROM (SELECT -1 AS n, (o.created_at AT TIME ZONE zone)::date AS day, i.product_id, i.quantity, i.line_total
              FROM old_rows o JOIN new_rows w ON w.id = o.id JOIN order_items i ON i.order_id = o.id
             WHERE o.status <> 'cancelled'
               AND (w.status = 'cancelled' OR (o.created_at AT TIME ZONE zone)::date <> (w.created_at AT TIME ZONE zone)::date)
            UNION ALL
            SELECT 1, (w.created_at AT TIME ZONE zone)::date, i.product_id, i.quantity, i.line_total
              FROM old_rows o JOIN new_rows w ON w.id = o.id JOIN order_items i ON i.order_id = w.id
             WHERE w.status <> 'cancelled'
               AND (o.status = 'cancelled' OR (o.created_at AT TIME ZONE zone)::date <> (w.created_at AT TIME ZONE zone)::date)) x
     CROSS JOIN LATERAL (VALUES ('day', x.day), ('month', date_trunc('month', x.day::timestamp)::date)) AS s(span, day)
     GROUP BY 1, 2, 3 HAVING sum(x.n * x.quantity) <> 0 OR sum(x.n * x.line_total) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (span, day, product_id) DO UPDATE
      SET quantity = d.quantity + EXCLUDED.quantity, amount = d.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.analytics_forget_order_lines()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Before an order is deleted (nothing in the app does): its lines go with it, and afterwards nothing says
  -- whether they were counted, so they are taken out here, while the order still says so.
  IF OLD.status <> 'cancelled' THEN
    UPDATE analytics_product_days d SET quantity = d.quantity - x.quantity, amount = d.amount - x.amount
      FROM (SELECT i.product_id, sum(i.quantity) AS quantity, sum(i.line_total) AS amount
              FROM order_items i WHERE i.order_id = OLD.id GROUP BY 1) x
     CROSS JOIN LATERAL (SELECT (OLD.created_at AT TIME ZONE (SELECT time_zone FROM analytics_zone))::date AS day) o
     WHERE d.product_id = x.product_id
       AND ((d.span = 'day' AND d.day = o.day) OR (d.span = 'month' AND d.day = date_trunc('month', o.day::timestamp)::date));
  END IF;
  RETURN OLD;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.analytics_count_order_lines()
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
  -- Lines of orders not cancelled, by their order's day and product. A line counts on its order's day whatever its
  -- own placed_at says, so a line moved along with its order (orders_move_items_placed_at) changes nothing here.
  EXECUTE format($q$
    INSERT INTO analytics_product_days AS d (span, day, product_id, quantity, amount)
    SELECT s.span, s.day, r.product_id, sum(r.n * r.quantity), sum(r.n * r.line_total)
      FROM (%s) r JOIN orders o ON o.id = r.order_id
     CROSS JOIN LATERAL (VALUES ('day', (o.created_at AT TIME ZONE $1)::date),
                                ('month', date_trunc('month', o.created_at AT TIME ZONE $1)::date)) AS s(span, day)
     WHERE o.status <> 'cancelled'
     GROUP BY 1, 2, 3 HAVING sum(r.n * r.quantity) <> 0 OR sum(r.n * r.line_total) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (span, day, product_id) DO UPDATE
      SET quantity = d.quantity + EXCLUDED.quantity, amount = d.amount + EXCLUDED.amount$q$, changed)
  USING zone;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.analytics_recount_waits(customers uuid[], since timestamp with time zone[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  zone text := (SELECT time_zone FROM analytics_zone);
  old_days date[];
  old_buckets integer[];
  old_seconds double precision[];
  days date[];
BEGIN
  -- The waits of each conversation from `since` on are worked out again from its messages; the day counts, buckets,
  -- values and medians move by the difference. `since` must be the start of a wait (or -infinity): the message before it
  -- is then a staff one or none, whatever changed after it.
  SELECT coalesce(array_agg(w.day), '{}'), coalesce(array_agg(w.bucket), '{}'), coalesce(array_agg(w.seconds), '{}')
    INTO old_days, old_buckets, old_seconds
    FROM analytics_chat_waits w JOIN unnest(customers, since) AS a(customer_id, since)
      ON w.customer_id = a.customer_id AND w.started_at >= a.since;
  DELETE FROM analytics_chat_waits w USING unnest(customers, since) AS a(customer_id, since)
   WHERE w.customer_id = a.customer_id AND w.started_at >= a.since;
  INSERT INTO analytics_chat_waits (message_id, customer_id, started_at, day, answered_at, seconds, bucket)
  SELECT m.id, m.customer_id, m.created_at, (m.created_at AT TIME ZONE zone)::date, x.answered_at,
         extract(epoch FROM (x.answered_at - m.created_at))::float8,
         analytics_wait_bucket(extract(epoch FROM (x.answered_at - m.created_at))::float8)
    FROM (SELECT m.id, m.customer_id, m.created_at, m.sender_role,
                 lag(m.sender_role) OVER (PARTITION BY m.customer_id ORDER BY m.created_at, m.id) AS before_role
            FROM chat_messages m JOIN unnest(customers, since) AS a(customer_id, since)
              ON m.customer_id = a.customer_id AND m.created_at >= a.since) m
    CROSS JOIN LATERAL (SELECT min(s.created_at) AS answered_at FROM chat_messages s
                         WHERE s.customer_id = m.customer_id AND s.sender_role <> 'user'
                           AND s.created_at > m.created_at) x
   WHERE m.sender_role = 'user' AND m.before_role IS DISTINCT FROM 'user';
  WITH delta AS (
    SELECT x.day, x.bucket, x.seconds, sum(x.n)::int AS n
      FROM (SELECT w.day, w.bucket, w.seconds, 1 AS n
              FROM analytics_chat_waits w JOIN unnest(customers, since) AS a(customer_id, since)
                ON w.customer_id = a.customer_id AND w.started_at >= a.since
            UNION ALL
            SELECT o.day, o.bucket, o.seconds, -1
              FROM unnest(old_days, old_buckets, old_seconds) AS o(day, bucket, seconds)) x
     GROUP BY 1, 2, 3 HAVING sum(x.n) <> 0
  ), counted AS (
    INSERT INTO analytics_chat_days AS d (day, waits, answered)
    SELECT delta.day, sum(delta.n), coalesce(sum(delta.n) FILTER (WHERE delta.bucket IS NOT NULL), 0)
      FROM delta GROUP BY 1 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET waits = d.waits + EXCLUDED.waits, answered = d.answered + EXCLUDED.answered
  ), spans AS (
    SELECT s.span, s.day, delta.bucket, delta.seconds, delta.n
      FROM delta
     CROSS JOIN LATERAL (VALUES ('day', delta.day), ('month', date_trunc('month', delta.day::timestamp)::date)) AS s(span, day)
     WHERE delta.bucket IS NOT NULL
  ), ranked AS (
    INSERT INTO analytics_chat_wait_buckets AS b (span, day, bucket, answered)
    SELECT spans.span, spans.day, spans.bucket, sum(spans.n) FROM spans
     GROUP BY 1, 2, 3 HAVING sum(spans.n) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (span, day, bucket) DO UPDATE SET answered = b.answered + EXCLUDED.answered
  )
  INSERT INTO analytics_chat_wait_values AS v (bucket, span, day, seconds, answered)
  SELECT spans.bucket, spans.span, spans.day, spans.seconds, sum(spans.n) FROM spans
   GROUP BY 1, 2, 3, 4 HAVING sum(spans.n) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (bucket, span, day, seconds) DO UPDATE SET answered = v.answered + EXCLUDED.answered;
  -- Every day that lost or gained a wait has its median worked out again (a wait answered at another time can leave
  -- every count as it was). The days are locked first, by a statement of their own, so that the median's statement
  -- sees every wait of those days committed before.
  SELECT coalesce(array_agg(x.day ORDER BY x.day), '{}') INTO days
    FROM (SELECT o.day FROM unnest(old_days) AS o(day)
          UNION
          SELECT w.day FROM analytics_chat_waits w JOIN unnest(customers, since) AS a(customer_id, since)
              ON w.customer_id = a.customer_id AND w.started_at >= a.since) x;
  PERFORM 1 FROM analytics_chat_days WHERE day = ANY (days) ORDER BY day FOR UPDATE;
  UPDATE analytics_chat_days d
     SET median_seconds = (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY w.seconds)
                             FROM analytics_chat_waits w WHERE w.day = d.day)
   WHERE d.day = ANY (days);
END $function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.analytics_count_waits()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT customer_id, created_at FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT customer_id, created_at FROM old_rows'
    ELSE 'SELECT customer_id, created_at FROM old_rows UNION ALL SELECT customer_id, created_at FROM new_rows' END;
  customers uuid[];
  changed_from timestamptz[];
  since timestamptz[];
BEGIN
  -- The conversations the statement touched, each from the earliest time it touched.
  EXECUTE format($q$
    SELECT array_agg(r.customer_id ORDER BY r.customer_id), array_agg(r.changed_from ORDER BY r.customer_id)
      FROM (SELECT customer_id, min(created_at) AS changed_from FROM (%s) c
             WHERE customer_id IS NOT NULL GROUP BY 1) r$q$, changed)
  INTO customers, changed_from;
  IF customers IS NULL THEN
    RETURN NULL;
  END IF;
  -- One change of a conversation at a time (a new message has locked it already, in chat_messages_summarise).
  PERFORM 1 FROM chat_conversations WHERE customer_id = ANY (customers) ORDER BY customer_id FOR UPDATE;
  -- From the last wait that began before the change: nothing earlier can change.
  SELECT array_agg(coalesce((SELECT max(w.started_at) FROM analytics_chat_waits w
                              WHERE w.customer_id = a.customer_id AND w.started_at < a.changed_from),
                            '-infinity') ORDER BY a.i)
    INTO since
    FROM unnest(customers, changed_from) WITH ORDINALITY AS a(customer_id, changed_from, i);
  PERFORM analytics_recount_waits(customers, since);
  RETURN NULL;
END $function$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_bookings_insert
  AFTER INSERT ON public.slot_bookings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_bookings();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_bookings_update
  AFTER UPDATE ON public.slot_bookings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_bookings();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_bookings_delete
  AFTER DELETE ON public.slot_bookings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_bookings();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_orders_insert
  AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_orders();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_orders_update
  AFTER UPDATE ON public.orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_orders();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_orders_delete
  AFTER DELETE ON public.orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_orders();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_forget_order_lines
  BEFORE DELETE ON public.orders
  FOR EACH ROW EXECUTE FUNCTION analytics_forget_order_lines();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_order_lines_insert
  AFTER INSERT ON public.order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_order_lines();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_order_lines_update
  AFTER UPDATE ON public.order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_order_lines();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_order_lines_delete
  AFTER DELETE ON public.order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_order_lines();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_waits_insert
  AFTER INSERT ON public.chat_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_waits();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_waits_update
  AFTER UPDATE ON public.chat_messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_waits();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER analytics_count_waits_delete
  AFTER DELETE ON public.chat_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_waits();
--> statement-breakpoint
-- Counts what is already there, in the default CLINIC_TZ; a start with another zone counts again.
SELECT analytics_recount('Asia/Kolkata');
