-- The admin lists' search matches any part of a name or e-mail; trigram indexes serve it (contrib, trusted).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"customer_messages" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_customer_message_counts" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_reader_totals" (
	"reader_id" uuid PRIMARY KEY NOT NULL,
	"read_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_reads" ADD COLUMN "read_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reader_totals" ADD CONSTRAINT "chat_reader_totals_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_last_idx" ON "chat_conversations" USING btree ("last_message_at","customer_id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "slot_bookings_created_idx" ON "slot_bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "slot_bookings_open_starts_idx" ON "slot_bookings" USING btree ("starts_at","id") WHERE "slot_bookings"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
-- Which of the eight counter rows a conversation's customer messages are added to (spreads concurrent writers).
CREATE FUNCTION "chat_shard"(p_customer uuid) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (get_byte(uuid_send(p_customer), 15) % 8)::smallint
$$;
--> statement-breakpoint
-- The summaries start from what is stored; no message or read may change meanwhile.
LOCK TABLE "chat_messages", "chat_reads" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "chat_conversations" ("customer_id", "last_message_id", "last_message_at", "customer_messages")
SELECT DISTINCT ON (m."customer_id") m."customer_id", m."id", m."created_at",
       (SELECT count(*) FROM "chat_messages" x WHERE x."customer_id" = m."customer_id" AND x."sender_role" = 'user')
  FROM "chat_messages" m
 WHERE m."customer_id" IS NOT NULL
 ORDER BY m."customer_id", m."created_at" DESC, m."id" DESC;
--> statement-breakpoint
INSERT INTO "chat_customer_message_counts" ("shard", "messages")
SELECT "chat_shard"("customer_id"), count(*) FROM "chat_messages"
 WHERE "customer_id" IS NOT NULL AND "sender_role" = 'user'
 GROUP BY 1;
--> statement-breakpoint
-- A staff member had read a conversation up to a time: that is the customer's messages up to it.
UPDATE "chat_reads" r SET "read_count" = (
  SELECT count(*) FROM "chat_messages" m
   WHERE m."customer_id" = r."customer_id" AND m."sender_role" = 'user' AND m."created_at" <= r."last_read_at")
 WHERE r."reader_id" <> r."customer_id";
--> statement-breakpoint
INSERT INTO "chat_reader_totals" ("reader_id", "read_count")
SELECT "reader_id", sum("read_count") FROM "chat_reads" WHERE "reader_id" <> "customer_id" GROUP BY 1;
--> statement-breakpoint
-- Every stored message updates its conversation's summary and the customers' message count in its own
-- transaction, whoever writes it (decision 022).
CREATE FUNCTION "chat_messages_summarise"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_summarise_insert_tg" AFTER INSERT ON "chat_messages"
  FOR EACH ROW WHEN (NEW."customer_id" IS NOT NULL) EXECUTE FUNCTION "chat_messages_summarise"();
--> statement-breakpoint
CREATE TRIGGER "chat_messages_summarise_delete_tg" AFTER DELETE ON "chat_messages"
  FOR EACH ROW WHEN (OLD."customer_id" IS NOT NULL) EXECUTE FUNCTION "chat_messages_summarise"();
--> statement-breakpoint
-- A staff member's read total follows their per-conversation read counts. A deleted read only subtracts: when the
-- reader's account is being deleted, their total row may already be gone.
CREATE FUNCTION "chat_reads_total"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "chat_reader_totals" SET "read_count" = "read_count" - OLD."read_count" WHERE "reader_id" = OLD."reader_id";
    RETURN NULL;
  END IF;
  IF NEW."read_count" <> COALESCE(OLD."read_count", 0) THEN
    INSERT INTO "chat_reader_totals" AS t ("reader_id", "read_count")
    VALUES (NEW."reader_id", NEW."read_count" - COALESCE(OLD."read_count", 0))
    ON CONFLICT ("reader_id") DO UPDATE SET "read_count" = t."read_count" + EXCLUDED."read_count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "chat_reads_total_tg" AFTER INSERT OR DELETE OR UPDATE OF "read_count" ON "chat_reads"
  FOR EACH ROW EXECUTE FUNCTION "chat_reads_total"();
