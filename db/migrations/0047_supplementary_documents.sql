DROP INDEX "business_documents_sale_idx";--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_documents_payment_idx" ON "business_documents" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_documents_sale_idx" ON "business_documents" USING btree ("booking_id") WHERE "business_documents"."series" in ('invoice', 'receipt') and "business_documents"."payment_id" is null;