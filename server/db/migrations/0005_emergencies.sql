CREATE TABLE "emergencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"customer_name" text NOT NULL,
	"pet_id" uuid,
	"pet_name" text NOT NULL,
	"description" text NOT NULL,
	"phone" text NOT NULL,
	"needs_pickup" boolean NOT NULL,
	"address" text,
	"status" text DEFAULT 'open' NOT NULL,
	"triage_level" smallint,
	"assigned_to" uuid,
	"assigned_to_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emergencies_status_ck" CHECK ("emergencies"."status" in ('open', 'acknowledged', 'assigned', 'resolved')),
	CONSTRAINT "emergencies_triage_ck" CHECK ("emergencies"."triage_level" between 1 and 3),
	CONSTRAINT "emergencies_pickup_ck" CHECK (not "emergencies"."needs_pickup" or "emergencies"."address" is not null)
);
--> statement-breakpoint
CREATE TABLE "emergency_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"emergency_id" uuid NOT NULL,
	"status" text NOT NULL,
	"triage_level" smallint,
	"note" text,
	"actor_id" uuid,
	"actor_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergencies" ADD CONSTRAINT "emergencies_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_events" ADD CONSTRAINT "emergency_events_emergency_id_emergencies_id_fk" FOREIGN KEY ("emergency_id") REFERENCES "public"."emergencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emergency_events" ADD CONSTRAINT "emergency_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emergencies_one_open_uq" ON "emergencies" USING btree ("user_id") WHERE "emergencies"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "emergencies_queue_idx" ON "emergencies" USING btree (coalesce("triage_level", 0),"created_at") WHERE "emergencies"."status" <> 'resolved';--> statement-breakpoint
CREATE INDEX "emergencies_user_created_idx" ON "emergencies" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "emergencies_resolved_idx" ON "emergencies" USING btree ("updated_at") WHERE "emergencies"."status" = 'resolved';--> statement-breakpoint
CREATE INDEX "emergency_events_emergency_idx" ON "emergency_events" USING btree ("emergency_id","id");