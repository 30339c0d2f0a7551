CREATE TABLE "clinical_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"text" text NOT NULL,
	"corrects_id" uuid,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_alert_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"alerts" jsonb NOT NULL,
	"set_by" uuid,
	"set_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"booking_id" uuid,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"file_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"staff_only" boolean DEFAULT false NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_documents_kind_ck" CHECK ("pet_documents"."kind" in ('lab_report', 'xray', 'referral', 'consent', 'other'))
);
--> statement-breakpoint
CREATE TABLE "pet_weights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"weight_kg" numeric(6, 2) NOT NULL,
	"measured_on" date NOT NULL,
	"body_condition" smallint,
	"corrects_id" uuid,
	"recorded_by" uuid,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_weights_weight_ck" CHECK ("pet_weights"."weight_kg" > 0),
	CONSTRAINT "pet_weights_bcs_ck" CHECK ("pet_weights"."body_condition" is null or "pet_weights"."body_condition" between 1 and 9)
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"booking_id" uuid,
	"drug" text NOT NULL,
	"strength" text NOT NULL,
	"dose" text NOT NULL,
	"frequency" text NOT NULL,
	"duration_days" integer NOT NULL,
	"quantity" integer NOT NULL,
	"refills" integer NOT NULL,
	"refills_used" integer DEFAULT 0 NOT NULL,
	"instructions" text,
	"product_id" integer,
	"corrects_id" uuid,
	"prescribed_by" uuid,
	"prescribed_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescriptions_refills_ck" CHECK ("prescriptions"."refills_used" >= 0 and "prescriptions"."refills_used" <= "prescriptions"."refills"),
	CONSTRAINT "prescriptions_numbers_ck" CHECK ("prescriptions"."duration_days" > 0 and "prescriptions"."quantity" > 0 and "prescriptions"."refills" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refill_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prescription_id" uuid NOT NULL,
	"pet_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"decision_note" text,
	"decided_by" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"cart" text,
	"cart_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refill_requests_status_ck" CHECK ("refill_requests"."status" in ('open', 'approved', 'refused')),
	CONSTRAINT "refill_requests_cart_ck" CHECK ("refill_requests"."cart" is null or "refill_requests"."cart" in ('added', 'not_added'))
);
--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_booking_id_slot_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."slot_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_alert_changes" ADD CONSTRAINT "pet_alert_changes_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_documents" ADD CONSTRAINT "pet_documents_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_documents" ADD CONSTRAINT "pet_documents_booking_id_slot_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."slot_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_weights" ADD CONSTRAINT "pet_weights_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_booking_id_slot_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."slot_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refill_requests" ADD CONSTRAINT "refill_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinical_notes_pet_idx" ON "clinical_notes" USING btree ("pet_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "clinical_notes_corrects_uq" ON "clinical_notes" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "pet_alert_changes_pet_idx" ON "pet_alert_changes" USING btree ("pet_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pet_documents_pet_idx" ON "pet_documents" USING btree ("pet_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pet_weights_pet_idx" ON "pet_weights" USING btree ("pet_id","measured_on" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pet_weights_corrects_uq" ON "pet_weights" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "prescriptions_pet_idx" ON "prescriptions" USING btree ("pet_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_corrects_uq" ON "prescriptions" USING btree ("corrects_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refill_requests_one_open_uq" ON "refill_requests" USING btree ("prescription_id") WHERE "refill_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "refill_requests_open_idx" ON "refill_requests" USING btree ("created_at","id") WHERE "refill_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "refill_requests_status_idx" ON "refill_requests" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refill_requests_prescription_idx" ON "refill_requests" USING btree ("prescription_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- The pet's medical record is append-only (decision 047): a correction is a new row naming the one it corrects,
-- nothing is changed or deleted. Two changes pass: a prescription's refill counter moving up by one (an approved
-- refill, nothing else in the row), and the deletion that follows the pet's or its owner's own (an account's
-- deletion takes its pets and their records with it).
CREATE OR REPLACE FUNCTION public.pet_record_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "pets" p JOIN "users" u ON u."id" = p."owner_id" WHERE p."id" = OLD."pet_id") THEN
      RETURN OLD;
    END IF;
  ELSIF TG_TABLE_NAME = 'prescriptions' THEN
    -- Read as json: the other tables have no such column.
    IF (to_jsonb(NEW) ->> 'refills_used')::int = (to_jsonb(OLD) ->> 'refills_used')::int + 1
      AND (to_jsonb(NEW) - 'refills_used') = (to_jsonb(OLD) - 'refills_used') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% rows are part of the medical record: they cannot be changed or deleted', TG_TABLE_NAME
    USING ERRCODE = 'PW403';
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER pet_alert_changes_append_only
  BEFORE DELETE OR UPDATE ON public.pet_alert_changes
  FOR EACH ROW EXECUTE FUNCTION pet_record_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER pet_weights_append_only
  BEFORE DELETE OR UPDATE ON public.pet_weights
  FOR EACH ROW EXECUTE FUNCTION pet_record_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER prescriptions_append_only
  BEFORE DELETE OR UPDATE ON public.prescriptions
  FOR EACH ROW EXECUTE FUNCTION pet_record_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER pet_documents_append_only
  BEFORE DELETE OR UPDATE ON public.pet_documents
  FOR EACH ROW EXECUTE FUNCTION pet_record_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER clinical_notes_append_only
  BEFORE DELETE OR UPDATE ON public.clinical_notes
  FOR EACH ROW EXECUTE FUNCTION pet_record_append_only();
