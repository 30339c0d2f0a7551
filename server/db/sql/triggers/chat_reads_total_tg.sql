CREATE OR REPLACE TRIGGER chat_reads_total_tg
  AFTER INSERT OR DELETE OR UPDATE OF read_count ON public.chat_reads
  FOR EACH ROW EXECUTE FUNCTION chat_reads_total();
