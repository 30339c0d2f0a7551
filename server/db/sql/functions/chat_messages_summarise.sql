-- Every stored message updates its conversation's summary and the customers' message count in its own
-- transaction, whoever writes it (decision 022).
CREATE OR REPLACE FUNCTION public.chat_messages_summarise()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_id uuid;
  v_at timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "chat_conversations" AS c ("customer_id", "last_message_id", "last_message_at", "customer_messages")
    VALUES (NEW."customer_id", NEW."id", NEW."created_at", (NEW."sender_role" = 'user')::int)
    ON CONFLICT ("customer_id") DO UPDATE SET
      "last_message_id" = CASE WHEN (EXCLUDED."last_message_at", EXCLUDED."last_message_id") > (c."last_message_at", c."last_message_id")
                               THEN EXCLUDED."last_message_id" ELSE c."last_message_id" END,
      "last_message_at" = CASE WHEN (EXCLUDED."last_message_at", EXCLUDED."last_message_id") > (c."last_message_at", c."last_message_id")
                               THEN EXCLUDED."last_message_at" ELSE c."last_message_at" END,
      "customer_messages" = c."customer_messages" + EXCLUDED."customer_messages";
    IF NEW."sender_role" = 'user' THEN
      INSERT INTO "chat_customer_message_counts" AS n ("shard", "messages") VALUES ("chat_shard"(NEW."customer_id"), 1)
      ON CONFLICT ("shard") DO UPDATE SET "messages" = n."messages" + 1;
    END IF;
    RETURN NULL;
  END IF;
  -- DELETE (a sender's account deleted): take the message out of the counts; if it was the last one, the one before
  -- it becomes the last, and a conversation with no message left is gone.
  IF OLD."sender_role" = 'user' THEN
    UPDATE "chat_customer_message_counts" SET "messages" = "messages" - 1 WHERE "shard" = "chat_shard"(OLD."customer_id");
    UPDATE "chat_conversations" SET "customer_messages" = "customer_messages" - 1 WHERE "customer_id" = OLD."customer_id";
  END IF;
  PERFORM 1 FROM "chat_conversations" WHERE "customer_id" = OLD."customer_id" AND "last_message_id" = OLD."id";
  IF FOUND THEN
    SELECT m."id", m."created_at" INTO v_id, v_at FROM "chat_messages" m
     WHERE m."customer_id" = OLD."customer_id" ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1;
    IF v_id IS NULL THEN
      DELETE FROM "chat_conversations" WHERE "customer_id" = OLD."customer_id";
    ELSE
      UPDATE "chat_conversations" SET "last_message_id" = v_id, "last_message_at" = v_at WHERE "customer_id" = OLD."customer_id";
    END IF;
  END IF;
  RETURN NULL;
END
$function$;
