CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"offering_wine_id" uuid NOT NULL,
	"location_id" uuid,
	"name" text NOT NULL,
	"vintage" integer NOT NULL,
	"size_ml" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "allocation_lines" (
	"tenant_id" text NOT NULL,
	"allocation_id" uuid NOT NULL,
	"offering_wine_id" uuid NOT NULL,
	"minimum" integer DEFAULT 0 NOT NULL,
	"maximum" integer NOT NULL,
	CONSTRAINT "allocation_lines_allocation_id_offering_wine_id_pk" PRIMARY KEY("allocation_id","offering_wine_id"),
	CONSTRAINT "allocation_lines_limits" CHECK ("allocation_lines"."minimum" >= 0 and "allocation_lines"."minimum" <= "allocation_lines"."maximum")
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"allocation_id" uuid NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"country_code" text NOT NULL,
	"state_code" text,
	"ships_from" boolean DEFAULT false NOT NULL,
	"pickup" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offering_wines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"offering_id" uuid NOT NULL,
	"wine_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offering_wines_offering_wine_unique" UNIQUE("offering_id","wine_id"),
	CONSTRAINT "offering_wines_price_positive" CHECK ("offering_wines"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"tenant_id" text NOT NULL,
	"offering_wine_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_offering_wine_id_location_id_pk" PRIMARY KEY("offering_wine_id","location_id"),
	CONSTRAINT "stock_not_negative" CHECK ("stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"vintage" integer NOT NULL,
	"size_ml" integer DEFAULT 750 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wines_tenant_name_vintage_size_unique" UNIQUE("tenant_id","name","vintage","size_ml"),
	CONSTRAINT "wines_size_positive" CHECK ("wines"."size_ml" > 0)
);
--> statement-breakpoint
CREATE TABLE "wishes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"allocation_id" uuid NOT NULL,
	"offering_wine_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "wishes_allocation_wine_unique" UNIQUE("allocation_id","offering_wine_id"),
	CONSTRAINT "wishes_quantity_positive" CHECK ("wishes"."quantity" > 0),
	CONSTRAINT "wishes_status_known" CHECK ("wishes"."status" in ('requested', 'granted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "shipping_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"country_code" text NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"country_code" text NOT NULL,
	"state_code" text,
	"min_bottles" integer NOT NULL,
	"max_bottles" integer,
	"price_cents" integer NOT NULL,
	"includes_duties" boolean DEFAULT false NOT NULL,
	CONSTRAINT "shipping_rates_band" CHECK ("shipping_rates"."min_bottles" >= 1 and ("shipping_rates"."max_bottles" is null or "shipping_rates"."max_bottles" >= "shipping_rates"."min_bottles"))
);
--> statement-breakpoint
CREATE TABLE "shipping_restrictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"country_code" text NOT NULL,
	"state_code" text,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"country_code" text NOT NULL,
	"state_code" text,
	"rate_basis_points" integer NOT NULL,
	"includes_duties" boolean DEFAULT false NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'staff' NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_email_lowercase" CHECK ("staff_users"."email" = lower("staff_users"."email")),
	CONSTRAINT "staff_users_role_known" CHECK ("staff_users"."role" in ('admin', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "campaign_type" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "letter" jsonb DEFAULT '{"title":"","paragraphs":[],"signature":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "vintage_notes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "order_minimum_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "combinations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "order_minimum_cents" integer;--> statement-breakpoint
ALTER TABLE "allocations" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_label" text DEFAULT 'shipping' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_label" text DEFAULT 'salesTax' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text DEFAULT 'shipping' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_location_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "authorization_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_offering_wine_id_offering_wines_id_fk" FOREIGN KEY ("offering_wine_id") REFERENCES "public"."offering_wines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_lines" ADD CONSTRAINT "allocation_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_lines" ADD CONSTRAINT "allocation_lines_allocation_id_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_lines" ADD CONSTRAINT "allocation_lines_offering_wine_id_offering_wines_id_fk" FOREIGN KEY ("offering_wine_id") REFERENCES "public"."offering_wines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_allocation_id_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_locations" ADD CONSTRAINT "inventory_locations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_wines" ADD CONSTRAINT "offering_wines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_wines" ADD CONSTRAINT "offering_wines_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_wines" ADD CONSTRAINT "offering_wines_wine_id_wines_id_fk" FOREIGN KEY ("wine_id") REFERENCES "public"."wines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_offering_wine_id_offering_wines_id_fk" FOREIGN KEY ("offering_wine_id") REFERENCES "public"."offering_wines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wines" ADD CONSTRAINT "wines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_allocation_id_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishes" ADD CONSTRAINT "wishes_offering_wine_id_offering_wines_id_fk" FOREIGN KEY ("offering_wine_id") REFERENCES "public"."offering_wines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_notices" ADD CONSTRAINT "shipping_notices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_restrictions" ADD CONSTRAINT "shipping_restrictions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_offering_wine_idx" ON "order_lines" USING btree ("offering_wine_id");--> statement-breakpoint
CREATE INDEX "carts_tenant_customer_idx" ON "carts" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "inventory_locations_tenant_idx" ON "inventory_locations" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "shipping_rates_tenant_country_idx" ON "shipping_rates" USING btree ("tenant_id","country_code");--> statement-breakpoint
CREATE INDEX "tax_rates_tenant_country_idx" ON "tax_rates" USING btree ("tenant_id","country_code");--> statement-breakpoint
CREATE INDEX "staff_sessions_user_idx" ON "staff_sessions" USING btree ("staff_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_tenant_email_unique" ON "staff_users" USING btree ("tenant_id","email");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_location_id_inventory_locations_id_fk" FOREIGN KEY ("pickup_location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_unique" ON "orders" USING btree ("tenant_id","customer_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_campaign_type_known" CHECK ("offerings"."campaign_type" in ('standard', 'fl-onboarding', 'event-offering'));--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_order_minimum_not_negative" CHECK ("offerings"."order_minimum_cents" >= 0);