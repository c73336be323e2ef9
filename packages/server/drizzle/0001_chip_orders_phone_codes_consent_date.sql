CREATE TABLE "chip_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"membership_id" text NOT NULL,
	"lost_key_id" text NOT NULL,
	"fee" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"member_id" text NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "keys" ADD COLUMN "origin" text DEFAULT 'issued' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "gdpr_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chip_orders" ADD CONSTRAINT "chip_orders_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chip_orders" ADD CONSTRAINT "chip_orders_lost_key_id_keys_id_fk" FOREIGN KEY ("lost_key_id") REFERENCES "public"."keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chip_orders_lost_key_uq" ON "chip_orders" USING btree ("lost_key_id");--> statement-breakpoint
CREATE INDEX "chip_orders_membership_idx" ON "chip_orders" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "phone_verifications_member_idx" ON "phone_verifications" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_mobile_idx" ON "phone_verifications" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "keys_rfid_code_uq" ON "keys" USING btree ("code") WHERE "keys"."type" = 'rfid';