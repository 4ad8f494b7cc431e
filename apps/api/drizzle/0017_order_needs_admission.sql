-- The order context's waiting-room check (ADR 026, amended 2026-11-28) as a PL/pgSQL function
-- rather than a sub-select of the statement that reads the context. An unnamed statement is
-- planned every time it is sent, and the sub-select's join of carts, allocations and offerings
-- with its NOT EXISTS took 0.12-0.13 ms to plan on a warm connection (EXPLAIN's planning time,
-- six in a row on the bench's schema), for a look-up that takes 0.01 ms; PL/pgSQL keeps its
-- statements' plans for the connection's life. STABLE, so it reads the calling statement's
-- snapshot as the sub-select did: taken before order_placement_context waits for the member's
-- lock, it only decides whether the room is asked, and the room reads afresh. NULL when the cart
-- is not this member's (the context then answers why).
CREATE OR REPLACE FUNCTION order_needs_admission(p_tenant text, p_cart uuid, p_customer uuid)
RETURNS boolean
LANGUAGE plpgsql STABLE
AS $$
BEGIN
  RETURN (
    SELECT o.admission_per_minute IS NOT NULL AND NOT EXISTS (
             SELECT 1 FROM waiting_room_entries e
              WHERE e.offering_id = a.offering_id AND e.customer_id = a.customer_id AND e.admitted_at IS NOT NULL)
      FROM carts c
      JOIN allocations a ON a.id = c.allocation_id
      JOIN offerings o ON o.id = a.offering_id
     WHERE c.tenant_id = p_tenant AND c.id = p_cart AND c.customer_id = p_customer);
END
$$;
