CREATE TABLE "ecb_rates" (
	"date" date PRIMARY KEY NOT NULL,
	"per_euro" jsonb NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expenditures" ADD COLUMN "rate" jsonb;--> statement-breakpoint
-- Hand-written (keep when regenerating): existing expenses in another currency than their
-- event's keep the amount they are converted at today. They get the rate that conversion uses
-- now: the event's own rate for the currency when it has one (which stays live, as before), else
-- the global rates' ratio, dated by the global rates' day. Currencies without a known rate stay
-- null and keep converting as before.
UPDATE "expenditures" AS x
SET "rate" = jsonb_build_object(
  'value', COALESCE(conv."own", conv."src" / conv."target"),
  'currency_id', conv."event_currency",
  'date', CASE WHEN conv."own" IS NULL THEN conv."rates_date" END,
  'source', CASE WHEN conv."own" IS NULL THEN 'ecb' ELSE 'event' END
)
FROM (
  SELECT x2."id", e."currency_id" AS "event_currency",
    (SELECT r."exchange_rate" FROM "event_currency_rates" AS r
      WHERE r."event_id" = e."id" AND r."currency_id" = x2."currency_id") AS "own",
    (SELECT c."rate" FROM "currencies" AS c WHERE c."id" = x2."currency_id") AS "src",
    (SELECT c."rate" FROM "currencies" AS c WHERE c."id" = e."currency_id") AS "target",
    (SELECT s."value"->>'date' FROM "settings" AS s WHERE s."key" = 'rates') AS "rates_date"
  FROM "expenditures" AS x2 JOIN "events" AS e ON e."id" = x2."event_id"
  WHERE x2."currency_id" <> e."currency_id" AND x2."rate" IS NULL
) AS conv
WHERE x."id" = conv."id"
  AND (conv."own" IS NOT NULL OR (conv."src" IS NOT NULL AND conv."target" IS NOT NULL));
