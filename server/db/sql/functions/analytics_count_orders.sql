-- Orders by clinic-local day, cancelled or not, and payment status; an order cancelled or moved takes its lines'
-- units and value out of the day it was counted in (decision 048).
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
