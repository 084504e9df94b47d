DROP INDEX "bookings_driver_idx";--> statement-breakpoint
DROP INDEX "bookings_supplier_idx";--> statement-breakpoint
CREATE INDEX "bookings_driver_list_idx" ON "bookings" USING btree ("driver_id","starts_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "bookings_supplier_list_idx" ON "bookings" USING btree ("supplier_id","starts_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "bookings_list_idx" ON "bookings" USING btree ("starts_at" DESC NULLS FIRST,"id");