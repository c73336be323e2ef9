CREATE TABLE "sepa_collections" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" text NOT NULL,
	"member_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"mandate_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"due_on" date NOT NULL,
	"status" text NOT NULL,
	"sequence_type" text,
	"message_id" text,
	"end_to_end_id" text,
	"exported_at" timestamp with time zone,
	"return_reason" text,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"operator_id" text NOT NULL,
	"reference" text NOT NULL,
	"creditor_id" text NOT NULL,
	"iban" text NOT NULL,
	"iban_masked" text NOT NULL,
	"account_holder" text NOT NULL,
	"signed_on" date NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sepa_collections" ADD CONSTRAINT "sepa_collections_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_collections" ADD CONSTRAINT "sepa_collections_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_collections" ADD CONSTRAINT "sepa_collections_mandate_id_sepa_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."sepa_mandates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sepa_collections_member_idx" ON "sepa_collections" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "sepa_collections_mandate_idx" ON "sepa_collections" USING btree ("mandate_id");--> statement-breakpoint
CREATE INDEX "sepa_collections_invoice_idx" ON "sepa_collections" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "sepa_collections_due_idx" ON "sepa_collections" USING btree ("operator_id","status","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_collections_open_uq" ON "sepa_collections" USING btree ("invoice_id") WHERE status IN ('queued', 'exported');--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_collections_end_to_end_uq" ON "sepa_collections" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_reference_uq" ON "sepa_mandates" USING btree ("operator_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sepa_mandates_member_active_uq" ON "sepa_mandates" USING btree ("member_id") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX "sepa_mandates_member_idx" ON "sepa_mandates" USING btree ("member_id");