CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "document_counters_kind_series_fiscal_year_pk" PRIMARY KEY("kind","series","fiscal_year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"hsn_sac" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"gst_rate" integer NOT NULL,
	"taxable" bigint NOT NULL,
	"cgst" bigint NOT NULL,
	"sgst" bigint NOT NULL,
	"igst" bigint NOT NULL,
	"total" bigint NOT NULL,
	"product_id" integer,
	CONSTRAINT "invoice_lines_invoice_id_line_no_pk" PRIMARY KEY("invoice_id","line_no"),
	CONSTRAINT "invoice_lines_rate_ck" CHECK ("invoice_lines"."gst_rate" in (0, 5, 12, 18, 28)),
	CONSTRAINT "invoice_lines_qty_ck" CHECK ("invoice_lines"."quantity" > 0),
	CONSTRAINT "invoice_lines_total_ck" CHECK ("invoice_lines"."total" = "invoice_lines"."taxable" + "invoice_lines"."cgst" + "invoice_lines"."sgst" + "invoice_lines"."igst")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"fiscal_year" text NOT NULL,
	"seq" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"customer_id" uuid,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"customer_gstin" text,
	"customer_address" jsonb,
	"place_of_supply" text NOT NULL,
	"supplier" jsonb NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"order_id" uuid,
	"booking_id" uuid,
	"credits_invoice_id" uuid,
	"reason" text,
	"taxable" bigint NOT NULL,
	"cgst" bigint NOT NULL,
	"sgst" bigint NOT NULL,
	"igst" bigint NOT NULL,
	"total" bigint NOT NULL,
	"issued_by" uuid,
	CONSTRAINT "invoices_kind_ck" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_credit_ck" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credits_invoice_id" is not null)),
	CONSTRAINT "invoices_number_ck" CHECK (length("invoices"."number") <= 16),
	CONSTRAINT "invoices_seq_ck" CHECK ("invoices"."seq" > 0),
	CONSTRAINT "invoices_total_ck" CHECK ("invoices"."total" = "invoices"."taxable" + "invoices"."cgst" + "invoices"."sgst" + "invoices"."igst")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_sac" text DEFAULT '2309' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "hsn_sac" text DEFAULT '998351' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "gst_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_seq_uq" ON "invoices" USING btree ("kind","series","fiscal_year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_uq" ON "invoices" USING btree ("order_id","kind") WHERE "invoices"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_customer_issued_idx" ON "invoices" USING btree ("customer_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_credits_idx" ON "invoices" USING btree ("credits_invoice_id") WHERE "invoices"."credits_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate_ck" CHECK ("products"."gst_rate" in (0, 5, 12, 18, 28));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_gst_rate_ck" CHECK ("services"."gst_rate" in (0, 5, 12, 18, 28));