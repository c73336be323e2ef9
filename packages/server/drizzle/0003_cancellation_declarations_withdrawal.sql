CREATE TABLE "cancellation_declarations" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"operator_id" text NOT NULL,
	"source" text NOT NULL,
	"locale" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"membership_number" text,
	"email" text,
	"contract" text NOT NULL,
	"effective_date" date,
	"confirmation_email" text NOT NULL,
	"website" text,
	"received_at" timestamp with time zone NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"client_ip_hash" text,
	"identity_hash" text NOT NULL,
	"outcome" text NOT NULL,
	"outcome_reason" text,
	"member_id" text,
	"membership_id" text,
	"end_date" date
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "withdrawn_on" date;--> statement-breakpoint
ALTER TABLE "cancellation_declarations" ADD CONSTRAINT "cancellation_declarations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_declarations" ADD CONSTRAINT "cancellation_declarations_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_declarations_reference_uq" ON "cancellation_declarations" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "cancellation_declarations_operator_idx" ON "cancellation_declarations" USING btree ("operator_id","received_at");--> statement-breakpoint
CREATE INDEX "cancellation_declarations_identity_idx" ON "cancellation_declarations" USING btree ("identity_hash","arrived_at");--> statement-breakpoint
CREATE INDEX "cancellation_declarations_membership_idx" ON "cancellation_declarations" USING btree ("membership_id");