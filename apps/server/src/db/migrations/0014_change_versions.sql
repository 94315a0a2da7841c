ALTER TABLE "activities" ADD COLUMN "version" integer;--> statement-breakpoint
CREATE INDEX "activities_event_version_idx" ON "activities" USING btree ("event_id","version");