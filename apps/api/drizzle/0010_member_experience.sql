CREATE TABLE "wine_images" (
	"tenant_id" text NOT NULL,
	"wine_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"etag" text NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wine_images_wine_id_variant_pk" PRIMARY KEY("wine_id","variant"),
	CONSTRAINT "wine_images_content_type_known" CHECK ("wine_images"."content_type" in ('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml')),
	CONSTRAINT "wine_images_size_positive" CHECK ("wine_images"."width" > 0 and "wine_images"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "mail_offering_invitations" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "mail_offering_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "mail_news" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "adds_to_order_id" uuid;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "wine_images" ADD CONSTRAINT "wine_images_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wine_images" ADD CONSTRAINT "wine_images_wine_id_wines_id_fk" FOREIGN KEY ("wine_id") REFERENCES "public"."wines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wine_images_tenant_idx" ON "wine_images" USING btree ("tenant_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_adds_to_order_id_orders_id_fk" FOREIGN KEY ("adds_to_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_customer_fingerprint_unique" ON "payment_cards" USING btree ("customer_id","fingerprint") WHERE "payment_cards"."fingerprint" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_message_length" CHECK ("orders"."gift_message" is null or char_length("orders"."gift_message") <= 500);