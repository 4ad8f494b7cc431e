CREATE TABLE "staff_link_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"purpose" text DEFAULT 'create-password' NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_link_tokens_purpose_known" CHECK ("staff_link_tokens"."purpose" in ('create-password'))
);
--> statement-breakpoint
ALTER TABLE "staff_users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_link_tokens" ADD CONSTRAINT "staff_link_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_link_tokens" ADD CONSTRAINT "staff_link_tokens_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_link_tokens_hash_idx" ON "staff_link_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_link_tokens_user_idx" ON "staff_link_tokens" USING btree ("tenant_id","staff_user_id");