-- An order deleted by hand takes its counted lines with it (decision 048).
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
