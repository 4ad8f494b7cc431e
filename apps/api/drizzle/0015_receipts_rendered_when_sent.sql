-- A receipt is rendered when it is sent, not while its order is placed (ADR 026): the queue keeps
-- its template's data and the brand that signs it, and the worker renders it (mail_queue.template).
ALTER TABLE "mail_queue" ADD COLUMN "template" jsonb;--> statement-breakpoint
-- The order's write of migration 0013, with the receipt's template written with it.
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
    INSERT INTO mail_queue (id, tenant_id, kind, to_address, subject, text_body, html_body, link_secrets, template, next_attempt_at, created_at)
    SELECT m.id, p_tenant, m.kind, m.to_address, m.subject, m.text_body, m.html_body, m.link_secrets, m.template, m.next_attempt_at, m.created_at
      FROM jsonb_to_record(p_mail) AS m(id uuid, kind text, to_address text, subject text, text_body text, html_body text,
           link_secrets text, template jsonb, next_attempt_at timestamptz, created_at timestamptz);
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
