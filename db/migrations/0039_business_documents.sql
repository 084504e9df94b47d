CREATE TABLE "business_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"language" text NOT NULL,
	"refund_key" text,
	"content" jsonb NOT NULL,
	CONSTRAINT "business_documents_series_check" CHECK (series in ('invoice', 'receipt', 'creditNote')),
	CONSTRAINT "business_documents_number_check" CHECK ("business_documents"."number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"supplier_id" uuid NOT NULL,
	"series" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_supplier_id_series_pk" PRIMARY KEY("supplier_id","series"),
	CONSTRAINT "document_counters_series_check" CHECK (series in ('invoice', 'receipt', 'creditNote'))
);
--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "legal_address" text;--> statement-breakpoint
ALTER TABLE "supplier_settings" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_documents_number_idx" ON "business_documents" USING btree ("supplier_id","series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "business_documents_sale_idx" ON "business_documents" USING btree ("booking_id") WHERE "business_documents"."series" in ('invoice', 'receipt');--> statement-breakpoint
CREATE UNIQUE INDEX "business_documents_refund_idx" ON "business_documents" USING btree ("refund_key");--> statement-breakpoint
CREATE INDEX "business_documents_supplier_issued_idx" ON "business_documents" USING btree ("supplier_id","issued_at");