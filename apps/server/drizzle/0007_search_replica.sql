-- The search index moves into each server's memory (decision 0014): the SQL index of 0006
-- and its upkeep go; a log of changed listings, written by triggers, replaces them.
DROP TRIGGER "users_search" ON "users";--> statement-breakpoint
DROP TRIGGER "profiles_search" ON "profiles";--> statement-breakpoint
DROP FUNCTION search_reindex();--> statement-breakpoint
DROP FUNCTION search_index_user(uuid);--> statement-breakpoint
CREATE TABLE "search_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tx" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"user_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "search_keys" CASCADE;--> statement-breakpoint
DROP TABLE "search_listings" CASCADE;--> statement-breakpoint
DROP TABLE "search_places" CASCADE;--> statement-breakpoint
DROP TABLE "search_postings" CASCADE;--> statement-breakpoint
DROP TABLE "search_words" CASCADE;--> statement-breakpoint
CREATE INDEX "search_changes_tx_idx" ON "search_changes" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "search_changes_changed_idx" ON "search_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "bookings_holding_starts_idx" ON "bookings" USING btree ("starts_at") WHERE "bookings"."status" in ('PENDING', 'CONFIRMED');--> statement-breakpoint
DROP FUNCTION search_postings_counted();--> statement-breakpoint
DROP FUNCTION search_listings_counted();--> statement-breakpoint
DROP FUNCTION search_deletes(text, int);--> statement-breakpoint
DROP FUNCTION search_key_deletes(text);--> statement-breakpoint
DROP FUNCTION search_tokens(text);--> statement-breakpoint
DROP FUNCTION search_fold(text);--> statement-breakpoint
-- Logs the user whose listing, or whose card on it, changed; the instances read the log when
-- notified (search-replica.ts). Users without a listing are not logged.
CREATE FUNCTION search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid uuid;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    uid := NEW.id;
    IF NOT EXISTS (SELECT 1 FROM profiles WHERE user_id = uid) THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    uid := OLD.user_id;
  ELSE
    uid := NEW.user_id;
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
      INSERT INTO search_changes (user_id) VALUES (OLD.user_id);
    END IF;
  END IF;
  INSERT INTO search_changes (user_id) VALUES (uid);
  PERFORM pg_notify('search_changes', '');
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every column a search matches, ranks or shows on a card.
CREATE TRIGGER users_search_changed AFTER UPDATE OF first_name, last_name, username, location, role, suspended_at, rating_average,
    review_count, avatar, skills, salary_rate, experience, availability, bio ON users
  FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.username, OLD.location, OLD.role, OLD.suspended_at, OLD.rating_average, OLD.review_count,
         OLD.avatar, OLD.skills, OLD.salary_rate, OLD.experience, OLD.availability, OLD.bio)
        IS DISTINCT FROM
        (NEW.first_name, NEW.last_name, NEW.username, NEW.location, NEW.role, NEW.suspended_at, NEW.rating_average, NEW.review_count,
         NEW.avatar, NEW.skills, NEW.salary_rate, NEW.experience, NEW.availability, NEW.bio))
  EXECUTE FUNCTION search_changed();--> statement-breakpoint
CREATE TRIGGER profiles_search_changed AFTER INSERT OR DELETE OR UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION search_changed();
