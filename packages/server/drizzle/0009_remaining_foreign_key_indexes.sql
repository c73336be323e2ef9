CREATE INDEX "cancellation_declarations_member_idx" ON "cancellation_declarations" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "check_ins_membership_idx" ON "check_ins" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "check_ins_key_idx" ON "check_ins" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "pt_bookings_trainer_idx" ON "pt_bookings" USING btree ("trainer_id");--> statement-breakpoint
CREATE INDEX "pt_bookings_location_idx" ON "pt_bookings" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "pt_purchases_package_idx" ON "pt_purchases" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "pt_purchases_invoice_idx" ON "pt_purchases" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "refunds_closure_idx" ON "refunds" USING btree ("closure_id");