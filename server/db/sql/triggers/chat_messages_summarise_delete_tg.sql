CREATE OR REPLACE TRIGGER chat_messages_summarise_delete_tg
  AFTER DELETE ON public.chat_messages
  FOR EACH ROW WHEN ((old.customer_id IS NOT NULL)) EXECUTE FUNCTION chat_messages_summarise();
