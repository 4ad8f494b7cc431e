CREATE TABLE "offering_tier_openings" (
	"tenant_id" text NOT NULL,
	"offering_id" uuid NOT NULL,
	"tier_id" uuid NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offering_tier_openings_offering_id_tier_id_pk" PRIMARY KEY("offering_id","tier_id"),
	CONSTRAINT "offering_tier_openings_order" CHECK ("offering_tier_openings"."closes_at" is null or "offering_tier_openings"."opens_at" < "offering_tier_openings"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "stock_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"offering_id" uuid NOT NULL,
	"allocation_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"offering_wine_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "stock_holds_quantity_positive" CHECK ("stock_holds"."quantity" > 0),
	CONSTRAINT "stock_holds_expiry_after_creation" CHECK ("stock_holds"."expires_at" > "stock_holds"."created_at"),
	CONSTRAINT "stock_holds_end_reason_known" CHECK ("stock_holds"."end_reason" is null or "stock_holds"."end_reason" in ('ordered', 'released', 'replaced'))
);
--> statement-breakpoint
CREATE TABLE "waiting_room_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"offering_id" uuid NOT NULL,
	"tier_id" uuid,
	"customer_id" uuid NOT NULL,
	"lottery" double precision DEFAULT random() NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"admitted_at" timestamp with time zone,
	CONSTRAINT "waiting_room_entries_offering_customer_unique" UNIQUE("offering_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "waiting_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"offering_id" uuid NOT NULL,
	"tier_id" uuid,
	"admitted" integer DEFAULT 0 NOT NULL,
	"advanced_at" timestamp with time zone,
	CONSTRAINT "waiting_rooms_offering_tier_unique" UNIQUE NULLS NOT DISTINCT("offering_id","tier_id"),
	CONSTRAINT "waiting_rooms_admitted_not_negative" CHECK ("waiting_rooms"."admitted" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "list_rules_markdown" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "list_rules_html" text;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "admission_per_minute" integer;--> statement-breakpoint
ALTER TABLE "offerings" ADD COLUMN "hold_minutes" integer;--> statement-breakpoint
ALTER TABLE "offering_tier_openings" ADD CONSTRAINT "offering_tier_openings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_tier_openings" ADD CONSTRAINT "offering_tier_openings_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_tier_openings" ADD CONSTRAINT "offering_tier_openings_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_allocation_id_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_offering_wine_id_offering_wines_id_fk" FOREIGN KEY ("offering_wine_id") REFERENCES "public"."offering_wines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_entries" ADD CONSTRAINT "waiting_room_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_entries" ADD CONSTRAINT "waiting_room_entries_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_entries" ADD CONSTRAINT "waiting_room_entries_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_entries" ADD CONSTRAINT "waiting_room_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_offering_id_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_holds_live_idx" ON "stock_holds" USING btree ("offering_wine_id","location_id","expires_at") WHERE "stock_holds"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "stock_holds_allocation_idx" ON "stock_holds" USING btree ("allocation_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_holds_offering_idx" ON "stock_holds" USING btree ("tenant_id","offering_id","expires_at");--> statement-breakpoint
CREATE INDEX "waiting_room_entries_lottery_idx" ON "waiting_room_entries" USING btree ("offering_id","tier_id","lottery");--> statement-breakpoint
CREATE INDEX "waiting_room_entries_joined_idx" ON "waiting_room_entries" USING btree ("offering_id","tier_id","joined_at");--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_admission_per_minute" CHECK ("offerings"."admission_per_minute" is null or "offerings"."admission_per_minute" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "offerings" ADD CONSTRAINT "offerings_hold_minutes" CHECK ("offerings"."hold_minutes" is null or "offerings"."hold_minutes" between 5 and 60);
--> statement-breakpoint
-- A member's own window in an offering (issue 17): their tier's opening and close when staff set
-- one for that tier, else the offering's start and end; never past the offering's end (closing an
-- offering early closes every tier). opening_tier_id names the waiting room the member queues in.
CREATE VIEW "allocation_windows" AS
  SELECT a.id AS allocation_id,
         a.tenant_id,
         a.customer_id,
         a.offering_id,
         t.tier_id AS opening_tier_id,
         coalesce(t.opens_at, o.start_date) AS opens_at,
         least(coalesce(t.closes_at, o.end_date), o.end_date) AS closes_at
    FROM allocations a
    JOIN offerings o ON o.id = a.offering_id
    JOIN customers c ON c.id = a.customer_id
    LEFT JOIN offering_tier_openings t ON t.offering_id = a.offering_id AND t.tier_id = c.tier_id;
--> statement-breakpoint
-- Bottles of one wine at one location that other members' live holds keep: what an order or a
-- new hold of p_allocation may not take. Read after the stock row is locked (see below).
CREATE OR REPLACE FUNCTION held_by_others(p_offering_wine uuid, p_location uuid, p_allocation uuid, p_now timestamptz)
RETURNS integer
LANGUAGE sql STABLE
AS $$
  SELECT coalesce(sum(quantity), 0)::int
    FROM stock_holds
   WHERE offering_wine_id = p_offering_wine AND location_id = p_location
     AND ended_at IS NULL AND expires_at > p_now
     AND allocation_id IS DISTINCT FROM p_allocation
$$;
--> statement-breakpoint
-- A member's hold (issue 17): replaces their live hold of the allocation with p_lines
-- ([{offeringWineId, quantity}]) at p_location until p_expires, or takes nothing and says which
-- wines are short. Each stock row is locked first, in wine-id order (as orders lock them), and
-- what is free is read by the next statement, after the lock: a hold or an order that committed
-- while this one waited is counted. Returns {held: true} or {held: false, short: [{offeringWineId, available}]}.
CREATE OR REPLACE FUNCTION stock_hold_place(
  p_tenant text,
  p_offering uuid,
  p_allocation uuid,
  p_customer uuid,
  p_location uuid,
  p_lines jsonb,
  p_now timestamptz,
  p_expires timestamptz
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  v_line record;
  v_free integer;
  v_short jsonb := '[]'::jsonb;
BEGIN
  FOR v_line IN
    SELECT l.offering_wine_id, sum(l.quantity)::int AS quantity
      FROM jsonb_to_recordset(p_lines) AS l(offering_wine_id uuid, quantity int)
     WHERE l.quantity > 0
     GROUP BY l.offering_wine_id ORDER BY l.offering_wine_id
  LOOP
    PERFORM 1 FROM stock WHERE tenant_id = p_tenant AND offering_wine_id = v_line.offering_wine_id AND location_id = p_location FOR UPDATE;
    SELECT coalesce((SELECT s.quantity FROM stock s
                      WHERE s.tenant_id = p_tenant AND s.offering_wine_id = v_line.offering_wine_id AND s.location_id = p_location), 0)
           - held_by_others(v_line.offering_wine_id, p_location, p_allocation, p_now)
      INTO v_free;
    IF v_free < v_line.quantity THEN
      v_short := v_short || jsonb_build_object('offeringWineId', v_line.offering_wine_id, 'available', greatest(v_free, 0));
    END IF;
  END LOOP;
  IF jsonb_array_length(v_short) > 0 THEN
    RETURN jsonb_build_object('held', false, 'short', v_short);
  END IF;

  UPDATE stock_holds SET ended_at = p_now, end_reason = 'replaced'
   WHERE tenant_id = p_tenant AND allocation_id = p_allocation AND ended_at IS NULL;
  INSERT INTO stock_holds (tenant_id, offering_id, allocation_id, customer_id, offering_wine_id, location_id, quantity, created_at, expires_at)
  SELECT p_tenant, p_offering, p_allocation, p_customer, l.offering_wine_id, p_location, sum(l.quantity)::int, p_now, p_expires
    FROM jsonb_to_recordset(p_lines) AS l(offering_wine_id uuid, quantity int)
   WHERE l.quantity > 0
   GROUP BY l.offering_wine_id;
  RETURN jsonb_build_object('held', true);
END
$$;
--> statement-breakpoint
-- The order functions of 0012, again: the member's window is their own (allocation_windows), the
-- order ends the member's hold, and stock is taken only beyond other members' live holds.
DROP FUNCTION order_placement_context(text, uuid, uuid, uuid, text, uuid, uuid, uuid, uuid, jsonb, boolean);
--> statement-breakpoint
CREATE FUNCTION order_placement_context(
  p_tenant text,
  p_customer uuid,
  p_cart uuid,
  p_key uuid,
  p_method text,
  p_address uuid,
  p_location uuid,
  p_billing uuid,
  p_card uuid,
  p_numbers jsonb,
  p_lock boolean,
  p_now timestamptz DEFAULT NULL
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  v_order uuid;
  v_cart jsonb;
  v_allocation uuid;
  v_offer jsonb;
  v_shipping_address jsonb;
  v_ships_from jsonb;
  v_pickup jsonb;
  v_country text;
  v_stock_location uuid;
  v_limits jsonb;
  v_taken jsonb := '{}'::jsonb;
  v_first jsonb;
  v_mine uuid[];
  v_held record;
  v_rates jsonb;
  v_brand jsonb;
  v_number text;
BEGIN
  -- A repeat of a submission that made its order is answered with that order, before any lock.
  SELECT id INTO v_order FROM orders WHERE tenant_id = p_tenant AND customer_id = p_customer AND idempotency_key = p_key LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('repeatOf', v_order);
  END IF;

  SELECT to_jsonb(c), c.allocation_id INTO v_cart, v_allocation FROM carts c WHERE c.tenant_id = p_tenant AND c.id = p_cart;
  IF v_cart IS NULL THEN
    -- An ordered cart is deleted: a repeat that raced past the first look-up still gets its order.
    SELECT id INTO v_order FROM orders WHERE tenant_id = p_tenant AND customer_id = p_customer AND idempotency_key = p_key LIMIT 1;
    RETURN CASE WHEN FOUND THEN jsonb_build_object('repeatOf', v_order) ELSE jsonb_build_object('cart', NULL) END;
  END IF;
  IF (v_cart ->> 'customer_id')::uuid <> p_customer THEN
    RETURN jsonb_build_object('cartOfAnotherMember', true);
  END IF;

  -- The member's orders for this allocation queue here until the transaction ends (ADR 009).
  IF p_lock THEN
    PERFORM 1 FROM allocations WHERE tenant_id = p_tenant AND customer_id = p_customer AND id = v_allocation FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM allocations WHERE tenant_id = p_tenant AND customer_id = p_customer AND id = v_allocation;
  END IF;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('cart', v_cart, 'offer', NULL);
  END IF;

  IF p_lock THEN
    -- Read again under the lock: the submission that held it may have made this very order, or
    -- ordered this cart (a second tab), which deleted it.
    SELECT id INTO v_order FROM orders WHERE tenant_id = p_tenant AND customer_id = p_customer AND idempotency_key = p_key LIMIT 1;
    IF FOUND THEN
      RETURN jsonb_build_object('repeatOf', v_order);
    END IF;
    SELECT to_jsonb(c) INTO v_cart FROM carts c WHERE c.tenant_id = p_tenant AND c.id = p_cart;
    IF v_cart IS NULL THEN
      RETURN jsonb_build_object('cartGone', true);
    END IF;
  END IF;

  SELECT jsonb_build_object(
      'allocationId', a.id,
      'offeringId', o.id,
      'offeringName', o.name,
      'startDate', w.opens_at,
      'endDate', w.closes_at,
      'cancelledAt', o.cancelled_at,
      'orderMinimumCents', coalesce(a.order_minimum_cents, o.order_minimum_cents),
      'combinations', o.combinations)
    INTO v_offer
    FROM allocations a
    JOIN offerings o ON o.id = a.offering_id AND o.tenant_id = a.tenant_id AND o.status = 'published'
    JOIN allocation_windows w ON w.allocation_id = a.id
    WHERE a.tenant_id = p_tenant AND a.customer_id = p_customer AND a.id = v_allocation;
  IF v_offer IS NULL THEN
    RETURN jsonb_build_object('cart', v_cart, 'offer', NULL);
  END IF;

  -- Where the bottles come from, and the country whose rates apply.
  IF p_method = 'shipping' THEN
    SELECT to_jsonb(a), a.country_code INTO v_shipping_address, v_country FROM addresses a WHERE a.tenant_id = p_tenant AND a.id = p_address;
    SELECT to_jsonb(l), l.id INTO v_ships_from, v_stock_location
      FROM inventory_locations l WHERE l.tenant_id = p_tenant AND l.ships_from ORDER BY l.sort_order, l.id LIMIT 1;
  ELSE
    SELECT to_jsonb(l), l.country_code, CASE WHEN l.pickup THEN l.id END INTO v_pickup, v_country, v_stock_location
      FROM inventory_locations l WHERE l.tenant_id = p_tenant AND l.id = p_location;
  END IF;

  -- The member's earlier orders of the allocation that are not cancelled, oldest first: the first
  -- is the one a new order adds to (ADR 017), and their lines are what the member holds. Found by
  -- allocation, and their lines by order: never every order of the tenant or every line of a wine,
  -- which grow all through a release (each look-up names only the columns of the index it needs).
  SELECT coalesce(array_agg(o.id ORDER BY o.placed_at, o.number), '{}') INTO v_mine
    FROM orders o
    WHERE o.tenant_id = p_tenant AND o.allocation_id = v_allocation AND o.customer_id = p_customer AND o.status <> 'cancelled';
  IF cardinality(v_mine) > 0 THEN
    SELECT jsonb_build_object('id', o.id, 'number', o.number) INTO v_first FROM orders o WHERE o.id = v_mine[1];
    FOR v_held IN SELECT ol.offering_wine_id, ol.quantity FROM order_lines ol WHERE ol.order_id = ANY (v_mine) LOOP
      v_taken := jsonb_set(v_taken, ARRAY[v_held.offering_wine_id::text],
        to_jsonb(coalesce((v_taken ->> v_held.offering_wine_id::text)::int, 0) + v_held.quantity));
    END LOOP;
  END IF;

  -- The wines the member may take, with what they hold already and what is left where the bottles
  -- come from beyond other members' live holds: a hint, the conditional update decides.
  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'offeringWineId', ow.id,
      'minimum', al.minimum,
      'maximum', al.maximum,
      'priceCents', ow.price_cents,
      'name', w.name,
      'vintage', w.vintage,
      'sizeMl', w.size_ml,
      'taken', coalesce((v_taken ->> ow.id::text)::int, 0),
      'stock', (SELECT s.quantity - held_by_others(ow.id, v_stock_location, v_allocation, coalesce(p_now, now()))
                  FROM stock s WHERE s.offering_wine_id = ow.id AND s.location_id = v_stock_location))
      ORDER BY ow.sort_order, w.name, ow.id), '[]'::jsonb)
    INTO v_limits
    FROM allocation_lines al
    JOIN allocations a ON a.id = al.allocation_id
    JOIN offering_wines ow ON ow.id = al.offering_wine_id AND ow.offering_id = a.offering_id
    JOIN wines w ON w.id = ow.wine_id
    WHERE al.tenant_id = p_tenant AND al.allocation_id = v_allocation;

  -- Rate tables are entered by staff: country codes are compared without regard to case.
  SELECT coalesce(jsonb_agg(r), '[]'::jsonb) INTO v_rates FROM (
    SELECT 'tax' AS kind, country_code, state_code, rate_basis_points, NULL::int AS min_bottles, NULL::int AS max_bottles,
           NULL::int AS price_cents, includes_duties, NULL::text AS name
      FROM tax_rates WHERE tenant_id = p_tenant AND upper(country_code) = upper(v_country)
    UNION ALL
    SELECT 'shipping', country_code, state_code, NULL, min_bottles, max_bottles, price_cents, includes_duties, NULL
      FROM shipping_rates WHERE tenant_id = p_tenant AND upper(country_code) = upper(v_country)
    UNION ALL
    SELECT 'restriction', country_code, state_code, NULL, NULL, NULL, NULL, NULL, name
      FROM shipping_restrictions WHERE tenant_id = p_tenant AND upper(country_code) = upper(v_country)
  ) r;

  -- The brand that signs the receipt: the primary one, else the first.
  SELECT to_jsonb(b) INTO v_brand FROM brands b WHERE b.tenant_id = p_tenant ORDER BY b.is_primary DESC, b.sort_order, b.name LIMIT 1;

  -- The first of the drawn order numbers no order of the tenant has (almost always the first).
  FOR v_number IN SELECT jsonb_array_elements_text(p_numbers) LOOP
    EXIT WHEN NOT EXISTS (SELECT 1 FROM orders WHERE tenant_id = p_tenant AND number = v_number);
    v_number := NULL;
  END LOOP;

  RETURN jsonb_build_object(
    'cart', v_cart,
    'offer', v_offer,
    'limits', v_limits,
    'firstOrder', v_first,
    'shippingAddress', v_shipping_address,
    'shipsFrom', v_ships_from,
    'pickupLocation', v_pickup,
    'stockLocationId', v_stock_location,
    'billingAddress', (SELECT to_jsonb(a) FROM addresses a WHERE a.tenant_id = p_tenant AND a.id = p_billing),
    'card', (SELECT to_jsonb(c) FROM payment_cards c WHERE c.tenant_id = p_tenant AND c.id = p_card),
    'cardCount', (SELECT count(*) FROM payment_cards WHERE tenant_id = p_tenant AND customer_id = p_customer),
    'member', (SELECT jsonb_build_object('firstName', first_name, 'email', email) FROM customers WHERE tenant_id = p_tenant AND id = p_customer),
    'brand', v_brand,
    'tenantName', (SELECT name FROM tenants WHERE id = p_tenant),
    'rates', v_rates,
    'number', v_number);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_placement_write(
  p_tenant text,
  p_customer uuid,
  p_cart uuid,
  p_order jsonb,
  p_lines jsonb,
  p_mail jsonb,
  p_stock_location uuid
) RETURNS jsonb
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  v_order orders%ROWTYPE;
  v_lines jsonb;
  v_take record;
  v_now timestamptz := (p_order ->> 'placed_at')::timestamptz;
BEGIN
  -- The order keeps copies: names, prices and addresses as they were when it was placed.
  INSERT INTO orders (tenant_id, customer_id, allocation_id, number, status, subtotal_cents, shipping_cents, tax_cents, total_cents,
                      shipping_label, tax_label, delivery_method, pickup_location_id, shipping_address, billing_address, card_brand,
                      card_last4, authorization_id, idempotency_key, gift_message, adds_to_order_id, placed_at)
  SELECT p_tenant, p_customer, o.allocation_id, o.number, 'pending', o.subtotal_cents, o.shipping_cents, o.tax_cents, o.total_cents,
         o.shipping_label, o.tax_label, o.delivery_method, o.pickup_location_id, o.shipping_address, o.billing_address, o.card_brand,
         o.card_last4, o.authorization_id, o.idempotency_key, o.gift_message, o.adds_to_order_id, o.placed_at
    FROM jsonb_to_record(p_order) AS o(allocation_id uuid, number text, subtotal_cents int, shipping_cents int, tax_cents int,
         total_cents int, shipping_label text, tax_label text, delivery_method text, pickup_location_id uuid, shipping_address jsonb,
         billing_address jsonb, card_brand text, card_last4 text, authorization_id text, idempotency_key uuid, gift_message text,
         adds_to_order_id uuid, placed_at timestamptz)
  -- Another order took the number since it was drawn: nothing is written (any other conflict raises).
  ON CONFLICT (tenant_id, number) DO NOTHING
  RETURNING * INTO v_order;
  IF v_order.id IS NULL THEN
    RAISE EXCEPTION 'the order number was taken meanwhile' USING ERRCODE = 'WNUMB';
  END IF;

  WITH written AS (
    INSERT INTO order_lines (tenant_id, order_id, offering_wine_id, location_id, name, vintage, size_ml, quantity, unit_price_cents)
    SELECT p_tenant, v_order.id, l.offering_wine_id, l.location_id, l.name, l.vintage, l.size_ml, l.quantity, l.unit_price_cents
      FROM jsonb_to_recordset(p_lines) AS l(offering_wine_id uuid, location_id uuid, name text, vintage int, size_ml int, quantity int,
           unit_price_cents int)
    RETURNING *
  )
  SELECT jsonb_agg(to_jsonb(written)) INTO v_lines FROM written;

  -- The receipt commits with the order, or neither does.
  IF p_mail IS NOT NULL THEN
    INSERT INTO mail_queue (id, tenant_id, kind, to_address, subject, text_body, html_body, link_secrets, next_attempt_at, created_at)
    SELECT m.id, p_tenant, m.kind, m.to_address, m.subject, m.text_body, m.html_body, m.link_secrets, m.next_attempt_at, m.created_at
      FROM jsonb_to_record(p_mail) AS m(id uuid, kind text, to_address text, subject text, text_body text, html_body text,
           link_secrets text, next_attempt_at timestamptz, created_at timestamptz);
  END IF;

  -- An ordered cart is gone: the member's next visit starts from an empty choice (ADR 017).
  DELETE FROM carts WHERE tenant_id = p_tenant AND id = p_cart;

  -- The member's hold has done its work: the order takes its bottles (issue 17).
  UPDATE stock_holds SET ended_at = v_now, end_reason = 'ordered'
   WHERE tenant_id = p_tenant AND allocation_id = v_order.allocation_id AND ended_at IS NULL;

  -- The stock last, so its rows stay locked only until the COMMIT that follows: one conditional
  -- update per wine, in wine-id order, so two orders never hold one row each and wait for the other's.
  -- The row is locked first and the other members' live holds read by the next statement, after
  -- the lock: a hold that committed while this order waited is counted (issue 17, migration 0013).
  FOR v_take IN
    SELECT l.offering_wine_id, sum(l.quantity)::int AS quantity
      FROM jsonb_to_recordset(p_lines) AS l(offering_wine_id uuid, quantity int)
      GROUP BY l.offering_wine_id ORDER BY l.offering_wine_id
  LOOP
    PERFORM 1 FROM stock
      WHERE tenant_id = p_tenant AND offering_wine_id = v_take.offering_wine_id AND location_id = p_stock_location FOR UPDATE;
    UPDATE stock SET quantity = quantity - v_take.quantity
      WHERE tenant_id = p_tenant AND offering_wine_id = v_take.offering_wine_id AND location_id = p_stock_location
        AND quantity - held_by_others(v_take.offering_wine_id, p_stock_location, v_order.allocation_id, v_now) >= v_take.quantity;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'sold out' USING ERRCODE = 'WSOLD', DETAIL = v_take.offering_wine_id::text;
    END IF;
  END LOOP;

  RETURN jsonb_build_object('order', to_jsonb(v_order), 'lines', coalesce(v_lines, '[]'::jsonb));
END
$$;
