CREATE TABLE "search_keys" (
	"key" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_keys_key_word_pk" PRIMARY KEY("key","word")
);
--> statement-breakpoint
CREATE TABLE "search_listings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"place" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_places" (
	"place" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL,
	"words" text[] NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_postings" (
	"word" text NOT NULL,
	"field" smallint NOT NULL,
	"user_id" uuid NOT NULL,
	"display" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"rating" real NOT NULL,
	"listed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_postings_word_field_user_id_pk" PRIMARY KEY("word","field","user_id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL,
	"name_uses" integer DEFAULT 0 NOT NULL,
	"username_uses" integer DEFAULT 0 NOT NULL,
	"place_uses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_location_trgm_idx";--> statement-breakpoint
ALTER TABLE "search_listings" ADD CONSTRAINT "search_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_postings_rank_idx" ON "search_postings" USING btree ("word","field","rating" DESC NULLS LAST,"listed_at" DESC NULLS LAST,"listing_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_postings_user_idx" ON "search_postings" USING btree ("user_id","field","word");--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "search_name";--> statement-breakpoint
-- The search index's upkeep (decision 0013). The folding and splitting here and in
-- apps/server/src/profiles/search-words.ts are one rule: test/search-words.test.ts compares them.
CREATE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(t, 'ÑñÁáÉéÍíÓóÚúÜü', 'NnAaEeIiOoUuUu'))
$$;--> statement-breakpoint
-- The words of a text, folded, with each as written.
CREATE FUNCTION search_tokens(t text) RETURNS TABLE (word text, display text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_fold(m[1]), m[1] FROM regexp_matches(t, '([0-9]+|[A-Za-zÑñÁáÉéÍíÓóÚúÜü]+)', 'g') AS m
$$;--> statement-breakpoint
-- How many letters the typo keys of a vocabulary word delete: a query word of 4-7 letters may
-- differ by one typo, of 8 or more by two, so words of 3-5 letters need one, of 6 or more two.
-- Numbers have no typos.
CREATE FUNCTION search_key_deletes(w text) RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN w ~ '^[0-9]+$' OR length(w) <= 2 THEN 0 WHEN length(w) <= 5 THEN 1 ELSE 2 END
$$;--> statement-breakpoint
-- A word with up to `d` letters deleted, itself included.
CREATE FUNCTION search_deletes(w text, d int) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w
  UNION SELECT overlay(w PLACING '' FROM i FOR 1) FROM generate_series(1, length(w)) AS i WHERE d >= 1
  UNION SELECT overlay(overlay(w PLACING '' FROM j FOR 1) PLACING '' FROM i FOR 1)
    FROM generate_series(1, length(w)) AS i, generate_series(i + 1, length(w)) AS j WHERE d >= 2
$$;--> statement-breakpoint
-- Vocabulary counts follow the postings; a new word gets its typo keys.
CREATE FUNCTION search_postings_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fresh boolean;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words AS w (word, display, name_uses, username_uses, place_uses)
    VALUES (NEW.word, NEW.display, (NEW.field = 0)::int, (NEW.field = 1)::int, (NEW.field = 2)::int)
    ON CONFLICT (word) DO UPDATE SET name_uses = w.name_uses + excluded.name_uses,
      username_uses = w.username_uses + excluded.username_uses, place_uses = w.place_uses + excluded.place_uses
    RETURNING xmax = 0 INTO fresh;
    IF fresh THEN
      INSERT INTO search_keys (key, word) SELECT d, NEW.word FROM search_deletes(NEW.word, search_key_deletes(NEW.word)) AS d
      ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
  END IF;
  UPDATE search_words SET name_uses = name_uses - (OLD.field = 0)::int, username_uses = username_uses - (OLD.field = 1)::int,
    place_uses = place_uses - (OLD.field = 2)::int WHERE word = OLD.word;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_postings_counted AFTER INSERT OR DELETE ON search_postings FOR EACH ROW EXECUTE FUNCTION search_postings_counted();--> statement-breakpoint
CREATE FUNCTION search_listings_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_places AS p (place, display, words, uses)
    VALUES (NEW.place, (SELECT trim(location) FROM users WHERE id = NEW.user_id), string_to_array(NEW.place, ' '), 1)
    ON CONFLICT (place) DO UPDATE SET uses = p.uses + 1;
    RETURN NULL;
  END IF;
  UPDATE search_places SET uses = uses - 1 WHERE place = OLD.place;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_listings_counted AFTER INSERT OR DELETE ON search_listings FOR EACH ROW EXECUTE FUNCTION search_listings_counted();--> statement-breakpoint
-- One user's words, as their account and listing stand: only a listed, active Assistant has any.
CREATE FUNCTION search_index_user(uid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  DELETE FROM search_postings WHERE user_id = uid;
  DELETE FROM search_listings WHERE user_id = uid;
  SELECT u.first_name, u.last_name, u.username, u.location, u.rating_average, p.id AS listing_id, p.created_at AS listed_at INTO r
    FROM users u JOIN profiles p ON p.user_id = u.id
   WHERE u.id = uid AND u.role = 'Assistant' AND u.suspended_at IS NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO search_postings (word, field, user_id, display, listing_id, rating, listed_at)
  SELECT DISTINCT ON (t.word, t.field) t.word, t.field, uid, t.display, r.listing_id, coalesce(r.rating_average, -1), r.listed_at
    FROM (SELECT word, display, 0 AS field FROM search_tokens(r.first_name || ' ' || r.last_name)
          UNION ALL SELECT word, display, 1 FROM search_tokens(r.username)
          UNION ALL SELECT word, display, 2 FROM search_tokens(r.location)) AS t;
  INSERT INTO search_listings (user_id, place) SELECT uid, string_agg(word, ' ') FROM search_tokens(r.location) HAVING count(*) > 0;
END $$;--> statement-breakpoint
CREATE FUNCTION search_reindex() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP = 'UPDATE' AND (NEW.first_name, NEW.last_name, NEW.username, NEW.location, NEW.role, NEW.suspended_at)
        IS NOT DISTINCT FROM (OLD.first_name, OLD.last_name, OLD.username, OLD.location, OLD.role, OLD.suspended_at) THEN
      -- Only the rating changed: the words stay.
      UPDATE search_postings SET rating = coalesce(NEW.rating_average, -1) WHERE user_id = NEW.id;
    ELSE
      PERFORM search_index_user(NEW.id);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_index_user(OLD.user_id);
  ELSE
    PERFORM search_index_user(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_search AFTER UPDATE OF first_name, last_name, username, location, role, suspended_at, rating_average ON users
  FOR EACH ROW EXECUTE FUNCTION search_reindex();--> statement-breakpoint
CREATE TRIGGER profiles_search AFTER INSERT OR DELETE OR UPDATE OF created_at ON profiles FOR EACH ROW EXECUTE FUNCTION search_reindex();--> statement-breakpoint
SELECT search_index_user(user_id) FROM profiles;
