CREATE INDEX "events_membership_idx" ON "events" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "memberships_location_idx" ON "memberships" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "memberships_product_idx" ON "memberships" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_member_idx" ON "password_reset_tokens" USING btree ("member_id");