ALTER TABLE "staff_users" DROP CONSTRAINT "staff_users_role_known";--> statement-breakpoint
ALTER TABLE "staff_users" ALTER COLUMN "role" SET DEFAULT 'viewer';--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "link_secrets" text;--> statement-breakpoint
-- Staff accounts made before roles were enforced could do everything but staff accounts: managers.
UPDATE "staff_users" SET "role" = 'manager' WHERE "role" NOT IN ('admin', 'manager', 'viewer');--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_role_known" CHECK ("staff_users"."role" in ('admin', 'manager', 'viewer'));