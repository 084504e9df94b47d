CREATE TABLE "document_day_totals" (
	"supplier_id" uuid NOT NULL,
	"place_id" uuid NOT NULL,
	"day" date NOT NULL,
	"currency" char(3) NOT NULL,
	"documents" integer NOT NULL,
	"net" bigint NOT NULL,
	CONSTRAINT "document_day_totals_supplier_id_day_place_id_currency_pk" PRIMARY KEY("supplier_id","day","place_id","currency")
);
--> statement-breakpoint
-- Documents issued before this migration take their booking's pick-up place, then the day totals are made from them.
ALTER TABLE "business_documents" ADD COLUMN "place_id" uuid;--> statement-breakpoint
UPDATE "business_documents" d SET "place_id" = b."pickup_location_id" FROM "bookings" b WHERE b."id" = d."booking_id";--> statement-breakpoint
ALTER TABLE "business_documents" ALTER COLUMN "place_id" SET NOT NULL;--> statement-breakpoint
INSERT INTO "document_day_totals" ("supplier_id", "place_id", "day", "currency", "documents", "net")
  SELECT "supplier_id", "place_id", ("issued_at" AT TIME ZONE 'UTC')::date, "currency", count(*)::int,
    sum(CASE WHEN "series" = 'creditNote' THEN -"amount" ELSE "amount" END)
  FROM "business_documents" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
ALTER TABLE "business_documents" ADD COLUMN "pdf" bytea;--> statement-breakpoint
ALTER TABLE "document_day_totals" ADD CONSTRAINT "document_day_totals_supplier_id_users_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_day_totals" ADD CONSTRAINT "document_day_totals_place_id_locations_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_day_totals_day_idx" ON "document_day_totals" USING btree ("day");--> statement-breakpoint
ALTER TABLE "business_documents" ADD CONSTRAINT "business_documents_place_id_locations_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_documents_issued_idx" ON "business_documents" USING btree ("issued_at","series","number");--> statement-breakpoint
CREATE INDEX "business_documents_place_issued_idx" ON "business_documents" USING btree ("place_id","issued_at","series","number");