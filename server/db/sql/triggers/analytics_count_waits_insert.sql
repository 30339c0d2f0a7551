-- Chat waits worked out as messages are written (decision 048).
CREATE OR REPLACE TRIGGER analytics_count_waits_insert
  AFTER INSERT ON public.chat_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_count_waits();
