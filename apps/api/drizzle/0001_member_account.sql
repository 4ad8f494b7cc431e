CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state_code" text,
	"zip_code" text NOT NULL,
	"country_code" text NOT NULL,
	"is_default_shipping" boolean DEFAULT false NOT NULL,
	"is_default_billing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_country_code_format" CHECK ("addresses"."country_code" ~ '^[A-Z]{2}$'),
	CONSTRAINT "addresses_required_not_blank" CHECK (btrim("addresses"."address1") <> '' and btrim("addresses"."city") <> '' and btrim("addresses"."zip_code") <> '')
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"gateway_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"card_holder_name" text NOT NULL,
	"preferred" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_cards_last4_digits" CHECK ("payment_cards"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_cards_exp_month_range" CHECK ("payment_cards"."exp_month" between 1 and 12),
	CONSTRAINT "payment_cards_exp_year_range" CHECK ("payment_cards"."exp_year" between 2000 and 2099)
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_tenant_customer_idx" ON "addresses" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_shipping" ON "addresses" USING btree ("customer_id") WHERE "addresses"."is_default_shipping";--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_billing" ON "addresses" USING btree ("customer_id") WHERE "addresses"."is_default_billing";--> statement-breakpoint
CREATE INDEX "payment_cards_tenant_customer_idx" ON "payment_cards" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_gateway_token_unique" ON "payment_cards" USING btree ("gateway","gateway_token");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_one_preferred" ON "payment_cards" USING btree ("customer_id") WHERE "payment_cards"."preferred";--> statement-breakpoint
CREATE INDEX "orders_tenant_customer_placed_idx" ON "orders" USING btree ("tenant_id","customer_id","placed_at");