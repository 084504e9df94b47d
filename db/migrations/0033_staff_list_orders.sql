CREATE INDEX "bookings_supplier_return_idx" ON "bookings" USING btree ("supplier_id","ends_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "bookings_return_idx" ON "bookings" USING btree ("ends_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "bookings_supplier_booked_idx" ON "bookings" USING btree ("supplier_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "bookings_booked_idx" ON "bookings" USING btree ("created_at" DESC NULLS FIRST,"id");