CREATE TABLE "certificate_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "microchip" text;--> statement-breakpoint
ALTER TABLE "certificate_codes" ADD CONSTRAINT "certificate_codes_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_codes_code_uq" ON "certificate_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "certificate_codes_pet_active_idx" ON "certificate_codes" USING btree ("pet_id","created_at" DESC NULLS LAST) WHERE "certificate_codes"."withdrawn_at" is null;