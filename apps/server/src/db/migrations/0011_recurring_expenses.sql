CREATE TABLE "recurrences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"expense" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"start" date NOT NULL,
	"until" date,
	"count" integer,
	"next_index" integer DEFAULT 0 NOT NULL,
	"next_date" date,
	"paused_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "expenditures" ADD COLUMN "recurrence_id" uuid;--> statement-breakpoint
ALTER TABLE "expenditures" ADD COLUMN "occurrence_date" date;--> statement-breakpoint
ALTER TABLE "recurrences" ADD CONSTRAINT "recurrences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurrences_event_idx" ON "recurrences" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "recurrences_due_idx" ON "recurrences" USING btree ("next_date") WHERE "recurrences"."paused_at" IS NULL AND "recurrences"."stopped_at" IS NULL;--> statement-breakpoint
ALTER TABLE "expenditures" ADD CONSTRAINT "expenditures_recurrence_id_recurrences_id_fk" FOREIGN KEY ("recurrence_id") REFERENCES "public"."recurrences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expenditures_occurrence_idx" ON "expenditures" USING btree ("recurrence_id","occurrence_date");