CREATE INDEX "orders_status_payment_created_idx" ON "orders" USING btree ("status","payment_status","created_at","id");--> statement-breakpoint
-- How often each status goes with each payment status (a cancelled order is rarely paid, an old delivered one nearly
-- always), so the planner reads the index above for a rare pair instead of the newest orders filtered.
CREATE STATISTICS IF NOT EXISTS "orders_status_payment_stats" (mcv) ON "status", "payment_status" FROM "orders";
