CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "provider_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_time_off_range_ck" CHECK ("provider_time_off"."ends_at" > "provider_time_off"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"display_name" text NOT NULL,
	"photo_url" text,
	"qualifications" text DEFAULT '' NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"service_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD COLUMN "provider_id" uuid;--> statement-breakpoint
ALTER TABLE "provider_time_off" ADD CONSTRAINT "provider_time_off_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_time_off" ADD CONSTRAINT "provider_time_off_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_time_off_provider_idx" ON "provider_time_off" USING btree ("provider_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_user_uq" ON "providers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_display_name_lower_uq" ON "providers" USING btree (lower("display_name"));--> statement-breakpoint
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_bookings_provider_starts_idx" ON "slot_bookings" USING btree ("provider_id","starts_at") WHERE "slot_bookings"."provider_id" is not null;--> statement-breakpoint
-- A provider is never in two places at once: no two open or held bookings of one provider overlap (decision 051).
ALTER TABLE "slot_bookings" ADD CONSTRAINT "slot_bookings_provider_no_overlap" EXCLUDE USING gist ("provider_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("provider_id" IS NOT NULL AND "status" <> 'canceled');