ALTER TABLE "locations" ADD COLUMN "desk_supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_desk_supplier_id_users_id_fk" FOREIGN KEY ("desk_supplier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_desk_supplier_idx" ON "locations" USING btree ("desk_supplier_id");