// The search benchmarks' listings (bench:search, bench:search-start): names and places from a
// realistic vocabulary, with the held time that "available on" reads.
import { sql } from "drizzle-orm";
import { SKILL_OPTIONS, weekdayAhead } from "@vam/shared";
import type { Database } from "../../apps/server/src/db/client.js";
import { CITIES, FIRST_NAMES, LAST_NAMES, PROVINCES } from "./ph-vocabulary.js";

/** Listings: names and places from the vocabulary, a rating on one in three, spread over two years. */
export async function seed(database: Database, listings: number) {
  const started = performance.now();
  const { db } = database;
  const array = (list: readonly string[]) => sql`${sql.param([...list])}::text[]`;
  // Raw bulk rows go past the change log's trigger: the server loads every listing when it starts.
  await db.execute(sql`alter table profiles disable trigger profiles_search_changed`);
  await db.execute(sql`
    insert into users (username, email, password_hash, first_name, last_name, role, location, skills, experience, availability,
                       salary_rate, referral_code, rating_average, review_count, created_at)
    select lower(regexp_replace(f || l, '[^A-Za-z]', '', 'g')) || n, 'va' || n || '@bench.example', 'x', f, l, 'Assistant',
           c || ', ' || p, array[s1, s2], '1-3 years', 'Full-time', 1250, 'B' || n,
           case when n % 3 = 0 then round((3 + (n % 21) / 10.0)::numeric, 1) end, case when n % 3 = 0 then 1 + n % 9 else 0 end,
           now() - (n * 37 % 1051200 || ' minutes')::interval
      from (select n,
                   (${array(FIRST_NAMES)})[1 + floor(random() * ${FIRST_NAMES.length})::int] as f,
                   (${array(LAST_NAMES)})[1 + floor(random() * ${LAST_NAMES.length})::int] as l,
                   (${array(CITIES)})[1 + floor(random() * ${CITIES.length})::int] as c,
                   (${array(PROVINCES)})[1 + floor(random() * ${PROVINCES.length})::int] as p,
                   (${array(SKILL_OPTIONS)})[1 + n % ${SKILL_OPTIONS.length}] as s1,
                   (${array(SKILL_OPTIONS)})[1 + (n / 7) % ${SKILL_OPTIONS.length}] as s2
              from generate_series(1, ${listings}::int) as n) as drawn`);
  await db.execute(sql`insert into profiles (user_id, title, created_at, updated_at)
                       select id, first_name || ' ' || last_name || ' Profile', created_at, created_at from users`);
  await db.execute(sql`alter table profiles enable trigger profiles_search_changed`);
  await heldTime(database);
  await db.execute(sql`analyze`);
  return { seed: (performance.now() - started) / 1000 };
}

/**
 * What "available on" reads besides the listings: a quarter of the Assistants hold a morning
 * booking in the next 20 weekdays (an eighth also an afternoon), made by 1,000 clients, and one
 * in twenty takes a week off (decision 0015). The filter has real rows to read, as in use.
 */
async function heldTime({ db }: Database) {
  const days = Array.from({ length: 25 }, (_, i) => weekdayAhead(i + 1));
  const dayList = sql`${sql.param(days)}::text[]`;
  await db.execute(sql`
    insert into users (username, email, password_hash, first_name, last_name, role, location, experience, availability, referral_code)
    select 'client' || n, 'client' || n || '@bench.example', 'x', 'Bench', 'Client', 'Boss', 'Manila', '1-3 years', 'Full-time', 'C' || n
      from generate_series(1, 1000) as n`);
  const assistants = sql`(select id, row_number() over (order by id) as k from users where role = 'Assistant')`;
  const clients = sql`(select id, row_number() over (order by id) as k from users where role = 'Boss')`;
  // Each booking is paid (migration 0012: a booking has its payment), with a distinct reference
  // spelt from its number in the references' alphabet.
  const book = (every: number, day: ReturnType<typeof sql>, time: string, first: number) =>
    db.execute(sql`
      with drawn as (
        select gen_random_uuid() as payment_id, c.id as client_id, a.id as consultant_id, at.starts, a.k
          from ${assistants} as a
          join ${clients} as c on c.k = 1 + a.k % 1000
          cross join lateral (select ((${dayList})[1 + (${day}) % 20] || ' ' || ${time})::timestamp at time zone 'Asia/Manila' as starts) as at
         where a.k % ${every} = 0),
      paid as (
        insert into payments (id, reference, client_id, consultant_id, amount_centavos, duration, state, decided_at)
        select payment_id,
               'VA-' || (select string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + ((${first} + k) / (31 ^ i)::bigint % 31)::int, 1), '' order by i)
                           from generate_series(0, 5) as i),
               client_id, consultant_id, 500000, 4, 'PAID', now()
          from drawn)
      insert into bookings (client_id, consultant_id, starts_at, ends_at, duration, price, status, payment_status, payment_id)
      select client_id, consultant_id, starts, starts + interval '4 hours', 4, 5000,
             (case when k % 2 = 0 then 'CONFIRMED' else 'PENDING' end)::booking_status, 'PAID', payment_id
        from drawn`);
  // Raw bulk rows go past the change log's triggers, as the listings do.
  await db.execute(sql`alter table bookings disable trigger bookings_search_changed`);
  await db.execute(sql`alter table time_off disable trigger time_off_search_changed`);
  // The n-th Assistant so chosen books the n-th weekday (mod 20): spread evenly over the days.
  await book(4, sql`a.k / 4`, "09:00", 0);
  await book(8, sql`a.k / 8 * 7`, "13:00", 50_000_000);
  await db.execute(sql`
    insert into time_off (assistant_id, starts_on, ends_on, note)
    select a.id, (${dayList})[1 + (a.k / 20) % 20]::date, (${dayList})[5 + (a.k / 20) % 20]::date, 'Leave'
      from ${assistants} as a where a.k % 20 = 1`);
  await db.execute(sql`alter table bookings enable trigger bookings_search_changed`);
  await db.execute(sql`alter table time_off enable trigger time_off_search_changed`);
}
