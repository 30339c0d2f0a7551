-- The lines of orders not cancelled, by their order's clinic-local day and product (decision 048).
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
