CREATE INDEX "orders_authorization_idx" ON "orders" USING btree ("authorization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bottles_tenant_wine_number_unique" ON "bottles" USING btree ("tenant_id","wine_id","bottle_number");--> statement-breakpoint
-- E-mails written before link secrets were kept apart (migration 0005) hold whole links in their
-- bodies. Those already sent or given up on need them no more: the token part goes. (One still
-- queued at the moment of the upgrade is sent as it is, link included, and kept until the table is
-- cleaned; the window is the few seconds between its enqueue and the upgrade.)
UPDATE "mail_queue"
SET "text_body" = regexp_replace("text_body", '/(login-by-link|account-link|allocation-link|reset-password|create-password)/[A-Za-z0-9_-]{16,}', '/\1/[removed]', 'g'),
    "html_body" = regexp_replace("html_body", '/(login-by-link|account-link|allocation-link|reset-password|create-password)/[A-Za-z0-9_-]{16,}', '/\1/[removed]', 'g')
WHERE "status" IN ('sent', 'failed') AND "link_secrets" IS NULL;
