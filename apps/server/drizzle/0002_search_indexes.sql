DROP INDEX "profiles_created_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower("users"."first_name" || ' ' || "users"."last_name" || ' ' || "users"."username")) STORED;--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_location_trgm_idx" ON "users" USING gin (lower("location") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_skills_idx" ON "users" USING gin ("skills");--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at","id");