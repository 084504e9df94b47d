ALTER TABLE "payment_events" ADD COLUMN "supplier_id" uuid;--> statement-breakpoint
-- Each event carries its booking's supplier, as money_day_totals counts it (a booking keeps its supplier), written
-- here and never by the app: a supplier's payments report walks its own movements in order.
CREATE FUNCTION payment_events_supplier() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.supplier_id INTO NEW.supplier_id
  FROM payments p JOIN bookings b ON b.id = p.booking_id
  WHERE p.id = NEW.payment_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER payment_events_supplier BEFORE INSERT ON payment_events
  FOR EACH ROW EXECUTE FUNCTION payment_events_supplier();--> statement-breakpoint
UPDATE payment_events e SET supplier_id = b.supplier_id
FROM payments p JOIN bookings b ON b.id = p.booking_id
WHERE p.id = e.payment_id;--> statement-breakpoint
CREATE INDEX "payment_events_supplier_money_idx" ON "payment_events" USING btree ("supplier_id","at","id") WHERE (("payment_events"."status" = 'captured' and "payment_events"."detail" ? 'amount' and not "payment_events"."detail" ? 'refundId') or "payment_events"."detail" ? 'refundId');
