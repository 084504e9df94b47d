-- The payments report (decision 046) reads a period's money movements across every payment: captures and refunds
-- by their time, through a partial index whose condition the report's query states in the same words.
CREATE INDEX "payment_events_money_idx" ON "payment_events" USING btree ("at") WHERE (("payment_events"."status" = 'captured' and "payment_events"."detail" ? 'amount' and not "payment_events"."detail" ? 'refundId') or "payment_events"."detail" ? 'refundId');
