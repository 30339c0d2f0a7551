-- Every statement that adds, moves or removes chat messages works out again the waits it may have changed: in each
-- conversation it touched, from the last wait that began before the change (decision 048).
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
