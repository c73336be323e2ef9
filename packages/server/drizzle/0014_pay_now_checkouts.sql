ALTER TABLE "card_checkouts" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "card_checkouts" ADD COLUMN "amount" integer;--> statement-breakpoint
ALTER TABLE "card_checkouts" ADD CONSTRAINT "card_checkouts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_checkouts_invoice_idx" ON "card_checkouts" USING btree ("invoice_id");