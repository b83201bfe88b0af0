import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/**
 * Builds the whole search index again from the users and listings, set-based (decision 0013).
 * The triggers keep it up to date on every write; this is for data loaded behind their back
 * (the benchmark's millions of rows inserted at once), and to repair an index by hand.
 */
export async function rebuildSearchIndex(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table search_postings disable trigger search_postings_counted`);
    await tx.execute(sql`alter table search_listings disable trigger search_listings_counted`);
    await tx.execute(sql`truncate search_postings, search_listings, search_words, search_keys, search_places`);
    await tx.execute(sql`
      insert into search_postings (word, field, user_id, display, listing_id, rating, listed_at)
      select distinct on (t.word, t.field, u.id) t.word, t.field, u.id, t.display, p.id, coalesce(u.rating_average, -1), p.created_at
        from users u
        join profiles p on p.user_id = u.id
        cross join lateral (
          select word, display, 0 as field from search_tokens(u.first_name || ' ' || u.last_name)
          union all select word, display, 1 from search_tokens(u.username)
          union all select word, display, 2 from search_tokens(u.location)
        ) as t
       where u.role = 'Assistant' and u.suspended_at is null`);
    await tx.execute(sql`
      insert into search_listings (user_id, place)
      select u.id, place from users u join profiles p on p.user_id = u.id
       cross join lateral (select string_agg(word, ' ') as place from search_tokens(u.location)) as t
       where u.role = 'Assistant' and u.suspended_at is null and place is not null`);
    await tx.execute(sql`
      insert into search_words (word, display, name_uses, username_uses, place_uses)
      select word, min(display), count(*) filter (where field = 0), count(*) filter (where field = 1), count(*) filter (where field = 2)
        from search_postings group by word`);
    await tx.execute(sql`
      insert into search_keys (key, word)
      select distinct d, w.word from search_words w cross join lateral search_deletes(w.word, search_key_deletes(w.word)) as d`);
    await tx.execute(sql`
      insert into search_places (place, display, words, uses)
      select l.place, min(trim(u.location)), string_to_array(l.place, ' '), count(*)
        from search_listings l join users u on u.id = l.user_id group by l.place`);
    await tx.execute(sql`alter table search_postings enable trigger search_postings_counted`);
    await tx.execute(sql`alter table search_listings enable trigger search_listings_counted`);
  });
}
