CREATE TABLE "tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"rank" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tiers_rank_positive" CHECK ("tiers"."rank" > 0)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"staff_user_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offering_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"offering_id" uuid NOT NULL,
	"allocation_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text DEFAULT 'invitation' NOT NULL,
	"mail_id" uuid,
	"link_token_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offering_invitations_kind_known" CHECK ("offering_invitations"."kind" in ('invitation', 'reminder'))
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "time_zone" text DEFAULT 'America/Los_Angeles' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tier_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "member_since" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "letter_markdown" text;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "vintage_notes_markdown" text;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "reminder_days_before" integer;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "closed_early_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "duplicated_from_id" uuid;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_status" text DEFAULT 'placed' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'authorized' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "processing_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_for_pickup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offering_wines" ADD COLUMN "default_minimum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offering_wines" ADD COLUMN "default_maximum" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "wines" ADD COLUMN "tasting_notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wines" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "wines" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "wishes" ADD COLUMN "granted_quantity" integer;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tiers" ADD CONSTRAINT "tiers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_invitations" ADD CONSTRAINT "offering_invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_invitations" ADD CONSTRAINT "offering_invitations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_invitations" ADD CONSTRAINT "offering_invitations_mail_id_mail_queue_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_queue"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tiers_tenant_name_unique" ON "tiers" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_created_idx" ON "audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_entity_idx" ON "audit_log" USING btree ("tenant_id","entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "offering_invitations_offering_idx" ON "offering_invitations" USING btree ("tenant_id","offering_id","created_at");--> statement-breakpoint
CREATE INDEX "offering_invitations_allocation_idx" ON "offering_invitations" USING btree ("allocation_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_tenant_tier_idx" ON "customers" USING btree ("tenant_id","tier_id");--> statement-breakpoint
CREATE INDEX "orders_tenant_fulfilment_idx" ON "orders" USING btree ("tenant_id","fulfilment_status","placed_at");--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_status_known" CHECK ("offerings"."status" in ('draft', 'published'));--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_reminder_days" CHECK ("offerings"."reminder_days_before" is null or "offerings"."reminder_days_before" between 1 and 60);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_status_known" CHECK ("orders"."fulfilment_status" in ('placed', 'processing', 'shipped', 'ready_for_pickup', 'picked_up', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK ("orders"."payment_status" in ('authorized', 'voided', 'refunded'));--> statement-breakpoint
ALTER TABLE "offering_wines" ADD CONSTRAINT "offering_wines_default_limits" CHECK ("offering_wines"."default_minimum" >= 0 and "offering_wines"."default_minimum" <= "offering_wines"."default_maximum");--> statement-breakpoint
ALTER TABLE "wines" ADD CONSTRAINT "wines_price_not_negative" CHECK ("wines"."price_cents" is null or "wines"."price_cents" >= 0);--> statement-breakpoint
UPDATE "orders" SET "fulfilment_status" = 'cancelled', "cancelled_at" = "placed_at" WHERE "status" = 'cancelled';--> statement-breakpoint
UPDATE "wishes" SET "granted_quantity" = "quantity" WHERE "status" = 'granted';--> statement-breakpoint
UPDATE "wines" SET "price_cents" = (SELECT ow."price_cents" FROM "offering_wines" ow WHERE ow."wine_id" = "wines"."id" ORDER BY ow."id" LIMIT 1) WHERE "price_cents" IS NULL;
