CREATE TABLE "bottle_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"bottle_ref" uuid,
	"typed_id" text NOT NULL,
	"result" text NOT NULL,
	"origin_network" text,
	"origin_country" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bottle_checks_result_known" CHECK ("bottle_checks"."result" in ('verified', 'unknown', 'malformed'))
);
--> statement-breakpoint
CREATE TABLE "bottles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"bottle_id" text NOT NULL,
	"wine_id" uuid NOT NULL,
	"bottle_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bottles_bottle_id_format" CHECK ("bottles"."bottle_id" ~ '^[A-Z0-9]{4}-[A-Z0-9]{4}$'),
	CONSTRAINT "bottles_number_positive" CHECK ("bottles"."bottle_number" > 0)
);
--> statement-breakpoint
ALTER TABLE "bottle_checks" ADD CONSTRAINT "bottle_checks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bottle_checks" ADD CONSTRAINT "bottle_checks_bottle_ref_bottles_id_fk" FOREIGN KEY ("bottle_ref") REFERENCES "public"."bottles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bottles" ADD CONSTRAINT "bottles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bottles" ADD CONSTRAINT "bottles_wine_id_wines_id_fk" FOREIGN KEY ("wine_id") REFERENCES "public"."wines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bottle_checks_bottle_idx" ON "bottle_checks" USING btree ("bottle_ref","checked_at");--> statement-breakpoint
CREATE INDEX "bottle_checks_tenant_time_idx" ON "bottle_checks" USING btree ("tenant_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bottles_tenant_bottle_id_unique" ON "bottles" USING btree ("tenant_id","bottle_id");