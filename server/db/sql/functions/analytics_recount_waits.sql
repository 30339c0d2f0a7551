-- Works out again the chat waits of some conversations from a time on, and moves the day counts, buckets and
-- medians by the difference (decision 048).
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
