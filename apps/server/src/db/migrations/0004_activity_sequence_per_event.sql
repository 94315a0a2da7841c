-- History rows get a number within their event, the id the API shows instead of the
-- server-wide one; the event keeps the number of its newest row. Existing rows are numbered in
-- the order they were written.
ALTER TABLE "activities" ADD COLUMN "seq" integer;--> statement-breakpoint
UPDATE "activities" SET "seq" = numbered."seq"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "event_id" ORDER BY "id") AS "seq"
  FROM "activities"
) AS numbered
WHERE "activities"."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "history_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "events" SET "history_seq" = counted."rows"
FROM (SELECT "event_id", count(*) AS "rows" FROM "activities" GROUP BY "event_id") AS counted
WHERE "events"."id" = counted."event_id";--> statement-breakpoint
CREATE UNIQUE INDEX "activities_event_seq_idx" ON "activities" USING btree ("event_id","seq");
