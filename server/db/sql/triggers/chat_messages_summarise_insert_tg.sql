CREATE OR REPLACE TRIGGER chat_messages_summarise_insert_tg
  AFTER INSERT ON public.chat_messages
  FOR EACH ROW WHEN ((new.customer_id IS NOT NULL)) EXECUTE FUNCTION chat_messages_summarise();
