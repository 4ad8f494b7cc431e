-- The order's context of migration 0013, with the waiting room's check folded in (ADR 026): the
-- context answers whether the member's offering has a waiting room they were not yet seen through,
-- so an order no longer reads the room in a round trip of its own before its transaction.
CREATE OR REPLACE FUNCTION order_placement_context(
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
  v_needs_admission boolean;
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
      'combinations', o.combinations),
    -- The waiting room's check (issue 17), read here rather than in a round trip of its own: an
    -- offering with a room whose member was not yet seen through is checked by the API after this.
    o.admission_per_minute IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM waiting_room_entries e WHERE e.offering_id = a.offering_id AND e.customer_id = a.customer_id AND e.admitted_at IS NOT NULL)
    INTO v_offer, v_needs_admission
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
    'number', v_number,
    'needsAdmission', v_needs_admission);
END
$$;
