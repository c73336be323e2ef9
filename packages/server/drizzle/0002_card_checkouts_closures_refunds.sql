CREATE TABLE "card_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"provider" text NOT NULL,
	"location_id" text NOT NULL,
	"status" text NOT NULL,
	"provider_reference" text,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "club_closures" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"begin_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"member_id" text NOT NULL,
	"closure_id" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"bank_account" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "provider_token" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "card_checkouts" ADD CONSTRAINT "card_checkouts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_closures" ADD CONSTRAINT "club_closures_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_closure_id_club_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."club_closures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_checkouts_member_idx" ON "card_checkouts" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "club_closures_location_idx" ON "club_closures" USING btree ("location_id","begin_date");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_invoice_closure_uq" ON "refunds" USING btree ("invoice_id","closure_id");--> statement-breakpoint
CREATE INDEX "refunds_member_idx" ON "refunds" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "refunds";