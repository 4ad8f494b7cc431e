-- A waiting room's places numbered once (ADR 029, "Places numbered once"): a member's poll reads
-- their place and the room's count instead of counting the queue, which grew with the crowd.
ALTER TABLE "waiting_room_entries" ADD COLUMN "place" integer;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD COLUMN "entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD COLUMN "drawn_at" timestamp with time zone;--> statement-breakpoint
-- NULLS NOT DISTINCT: the offering's own room (tier null) is held to one member a place too.
CREATE UNIQUE INDEX "waiting_room_entries_place_unique" ON "waiting_room_entries" USING btree ("offering_id","tier_id","place") NULLS NOT DISTINCT WHERE "waiting_room_entries"."place" is not null;--> statement-breakpoint
-- Rooms already there keep their members' count; their places are drawn by the next read after
-- their opening, in the queue's order, so a room open during the upgrade keeps everyone's place.
UPDATE "waiting_rooms" r SET "entries" = (
  SELECT count(*) FROM "waiting_room_entries" e WHERE e."offering_id" = r."offering_id" AND e."tier_id" IS NOT DISTINCT FROM r."tier_id"
);
