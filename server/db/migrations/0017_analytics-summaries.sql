CREATE TABLE "analytics_booking_days" (
	"day" date NOT NULL,
	"service_id" uuid NOT NULL,
	"status" text NOT NULL,
	"bookings" integer NOT NULL,
	CONSTRAINT "analytics_booking_days_day_service_id_status_pk" PRIMARY KEY("day","service_id","status")
);
--> statement-breakpoint
CREATE TABLE "analytics_chat_days" (
	"day" date PRIMARY KEY NOT NULL,
	"waits" integer NOT NULL,
	"answered" integer NOT NULL,
	"median_seconds" double precision
);
--> statement-breakpoint
CREATE TABLE "analytics_chat_wait_buckets" (
	"span" text NOT NULL,
	"day" date NOT NULL,
	"bucket" integer NOT NULL,
	"answered" integer NOT NULL,
	CONSTRAINT "analytics_chat_wait_buckets_span_day_bucket_pk" PRIMARY KEY("span","day","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_chat_wait_values" (
	"bucket" integer NOT NULL,
	"span" text NOT NULL,
	"day" date NOT NULL,
	"seconds" double precision NOT NULL,
	"answered" integer NOT NULL,
	CONSTRAINT "analytics_chat_wait_values_bucket_span_day_seconds_pk" PRIMARY KEY("bucket","span","day","seconds")
);
--> statement-breakpoint
CREATE TABLE "analytics_chat_waits" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"answered_at" timestamp with time zone,
	"seconds" double precision,
	"bucket" integer
);
--> statement-breakpoint
CREATE TABLE "analytics_order_days" (
	"day" date NOT NULL,
	"cancelled" boolean NOT NULL,
	"payment_status" text NOT NULL,
	"orders" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "analytics_order_days_day_cancelled_payment_status_pk" PRIMARY KEY("day","cancelled","payment_status")
);
--> statement-breakpoint
CREATE TABLE "analytics_product_days" (
	"span" text NOT NULL,
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "analytics_product_days_span_day_product_id_pk" PRIMARY KEY("span","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_zone" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "analytics_zone_one_row_ck" CHECK ("analytics_zone"."one")
);
--> statement-breakpoint
CREATE INDEX "analytics_chat_waits_customer_idx" ON "analytics_chat_waits" USING btree ("customer_id","started_at");--> statement-breakpoint
CREATE INDEX "analytics_chat_waits_day_idx" ON "analytics_chat_waits" USING btree ("day","seconds");