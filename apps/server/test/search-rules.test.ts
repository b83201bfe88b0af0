import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, manilaToday, nextSaturday, weekdayAhead, type ProfilePage, type RegisterInput } from "@vam/shared";
import { users } from "../src/db/schema.js";
import { SearchReplica } from "../src/profiles/search-replica.js";
import { bookingIn } from "./helpers/bookings.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

/*
 * The search rules of decisions.md "Search", one by one, over HTTP against a real database
 * (the server's index follows the database's change log). Names are chosen so that each query
 * can match only the listings it is about.
 */

let server: TestServer;
const accounts = new Map<string, Awaited<ReturnType<typeof signUp>>>();

async function assistant(first: string, last: string, username: string, extra: Partial<RegisterInput> = {}) {
  const account = await signUp(server, { role: "Assistant", firstName: first, lastName: last, username, location: "Pasig City", ...extra });
  const made = await server.api("POST", "/api/profiles/profile", { token: account.token });
  expect(made.status).toBe(201);
  accounts.set(`${first} ${last}`, account);
  return account;
}

const search = async (query: Record<string, string>) => {
  const { status, body } = await server.api<ProfilePage>("GET", `/api/profiles/posts?${new URLSearchParams(query)}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};
const names = async (query: Record<string, string>) => (await search(query)).items.map((item) => `${item.firstName} ${item.lastName}`);
/** A rating written straight into the database, then read into the index (as the review routes do after publishing). */
async function rate(name: string, rating: number) {
  await server.database.db
    .update(users)
    .set({ ratingAverage: rating, reviewCount: 1 })
    .where(eq(users.id, accounts.get(name)!.user.id));
  await server.app.searchIndex.refresh();
}

beforeAll(async () => {
  // No polling: changes made behind the server's back must arrive by notification.
  server = await startTestServer({ SEARCH_POLL_MS: "0" });
  await assistant("Ana", "Lim", "al_one", { location: "Baguio City" });
  await assistant("Joan", "Tan", "jt_two", { location: "Iloilo City" });
  await assistant("Rosario", "Dimagiba", "rd_three", { location: "Quezon City" });
  await assistant("Leonardo", "Macaraeg", "lm_four", { location: "Las Piñas" });
  await assistant("Marco", "Umali", "mu_five", { location: "Cagayan de Oro" });
  await assistant("Pedro", "Yap", "marco", { location: "Davao City" });
});
afterAll(() => server?.close());

describe("a query word matches a listing word", () => {
  it.each([
    ["equal, in any case", "ANA", ["Ana Lim"]],
    ["not with a typo at 3 letters", "Ama", []],
    ["with one typo at 4 letters (a swap)", "Jaon", ["Joan Tan"]],
    ["not with two typos at 4 letters", "Jxax", []],
    ["with one typo at 7 letters", "Rosaroi", ["Rosario Dimagiba"]],
    ["not with two typos at 7 letters", "Rsoaroi", []],
    ["with two typos at 8 letters (two swaps)", "Loenadro", ["Leonardo Macaraeg"]],
    ["not with two typos at 7 letters (a letter missing and one replaced)", "Macarxg", []],
    ["with two typos at 8 letters (a letter missing, one added)", "Mcaraexg", ["Leonardo Macaraeg"]],
    ["not with three typos at 8 letters", "Lonadrox", []],
    ["as a prefix when it is the last word", "Dimag", ["Rosario Dimagiba"]],
  ])("%s", async (_rule, userName, expected) => {
    const found = await search({ userName });
    // A query nothing matches as a whole is not cut down here: these are one-word queries, or both words fail.
    expect(found.items.map((item) => `${item.firstName} ${item.lastName}`)).toEqual(expected);
  });

  it("accepts a prefix only for the last word", async () => {
    expect(await names({ userName: "Rosario Dimag" })).toEqual(["Rosario Dimagiba"]);
    const early = await search({ userName: "Dimag Rosario" });
    // "dimag" is not the last word, so it must match whole: nothing has both; the last word is dropped.
    expect(early.ignoredWords).toEqual(["Rosario"]);
    expect(early.items.map((item) => item.firstName)).toEqual(["Rosario"]);
  });

  it("needs every word (AND), across the name and the place", async () => {
    expect(await names({ userName: "Joan", location: "Iloilo" })).toEqual(["Joan Tan"]);
    const nothing = await search({ userName: "Joan", location: "Baguio" });
    expect(nothing.ignoredWords).toEqual(["Baguio"]);
    expect(nothing.items.map((item) => item.firstName)).toEqual(["Joan"]);
  });

  it("matches places with ñ typed or not, and with a typo", async () => {
    expect(await names({ location: "Las Piñas" })).toEqual(["Leonardo Macaraeg"]);
    expect(await names({ location: "las pinas" })).toEqual(["Leonardo Macaraeg"]);
    // "Oor" has 3 letters: no typo allowed, so it is ignored.
    expect((await search({ location: "Cagayan de Oor" })).ignoredWords).toEqual(["Oor"]);
    expect(await names({ location: "Cagayn de Oro" })).toEqual(["Marco Umali"]);
  });

  it("drops words from the end only while nothing matches, and says which (Quezon Cty)", async () => {
    const page = await search({ location: "Quezon Cty" });
    expect(page.items.map((item) => item.firstName)).toEqual(["Rosario"]);
    // The note quotes the words as typed ("Cty", not "cty"): the first spelling of a repeated word.
    expect(page.ignoredWords).toEqual(["Cty"]);
    expect(MSG.searchIgnoredWords(page.ignoredWords)).toBe('Nothing matched every word, so "Cty" was ignored.');
    expect((await search({ location: "Quezon CTY cty" })).ignoredWords).toEqual(["CTY"]);
    expect((await search({ location: "Quezon City" })).ignoredWords).toEqual([]);
  });

  it("tells the highlight which listing word matched and how much of it", async () => {
    const [hit] = (await search({ userName: "Rosario Dimag", location: "Quezn" })).items;
    expect(hit!.matches).toEqual(
      expect.arrayContaining([
        { field: "name", word: "rosario", length: 7 },
        { field: "name", word: "dimagiba", length: 5 },
        { field: "location", word: "quezon", length: 6 },
      ]),
    );
  });
});

describe("ranking", () => {
  it("puts name matches before username matches", async () => {
    // Pedro Yap's username is "marco"; Marco Umali is called Marco. Pedro is newer and rated higher.
    await rate("Pedro Yap", 5);
    expect(await names({ userName: "marco" })).toEqual(["Marco Umali", "Pedro Yap"]);
  });

  it("puts exact words before typo matches, fewer typos before more, then rating, then newest", async () => {
    await assistant("Lorna", "Aquino", "la_six", { location: "Naga City" });
    await assistant("Lorna", "Bautista", "lb_seven", { location: "Naga City" });
    await assistant("Lorena", "Castro", "lc_eight", { location: "Naga City" }); // "lorna" is one typo away
    await assistant("Lorenza", "Diaz", "ld_nine", { location: "Naga City" }); // two typos away: too far for 5 letters
    expect(await names({ userName: "lorna" })).toEqual(["Lorna Bautista", "Lorna Aquino", "Lorena Castro"]);
    await rate("Lorna Aquino", 4.5);
    expect(await names({ userName: "lorna" })).toEqual(["Lorna Aquino", "Lorna Bautista", "Lorena Castro"]);
    // Two words: both exact beats one exact and one typo, whatever the rating.
    await rate("Lorena Castro", 5);
    expect((await names({ userName: "lorna castro" }))[0]).toBe("Lorena Castro");
    expect(await names({ userName: "lorena castro" })).toEqual(["Lorena Castro"]);
  });

  it("keeps the list newest first without name or place words", async () => {
    expect((await names({}))[0]).toBe("Lorenza Diaz");
  });
});

describe("paging the ranked results", () => {
  it("never repeats or skips a listing, also when listings are added while paging", async () => {
    for (let i = 0; i < 7; i++) await assistant("Teodora", `Ramos${"abcdefg"[i]}`, `tr_${i}`, { location: "Tacloban City" });
    await rate("Teodora Ramosc", 4);
    const seen: string[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const page: ProfilePage = await search({ userName: "teodora", limit: "2", ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((item) => item.lastName));
      cursor = page.nextCursor;
      // Someone lists themselves between two pages: it is newer, so it ranks before the cursor and is not shown here.
      if (added < 2) await assistant("Teodora", `Reyes${++added}`, `tre_${added}`, { location: "Tacloban City" });
    } while (cursor);
    expect(seen[0]).toBe("Ramosc");
    expect(new Set(seen).size).toBe(seen.length);
    for (const letter of "abcdefg") expect(seen).toContain(`Ramos${letter}`);
  });
});

describe("filters", () => {
  it("keeps only Assistants with every chosen skill", async () => {
    await assistant("Skilled", "Person", "sp_ten", { skills: ["SEO", "Writing"], location: "Lipa City" });
    await assistant("Skilled", "Other", "so_eleven", { skills: ["SEO"], location: "Lipa City" });
    expect(await names({ userName: "skilled", skills: "SEO" })).toEqual(["Skilled Other", "Skilled Person"]);
    const both = await server.api<ProfilePage>("GET", "/api/profiles/posts?userName=skilled&skills=SEO&skills=Writing");
    expect(both.body.items.map((item) => item.lastName)).toEqual(["Person"]);
  });

  it("keeps only Assistants free on a date, and in a slot, by the booking rules", async () => {
    const morningTaken = await assistant("Freda", "Morning", "fm_twelve", { location: "Ormoc City" });
    const dayTaken = await assistant("Freda", "Allday", "fa_thirteen", { location: "Ormoc City" });
    await assistant("Freda", "Free", "ff_fourteen", { location: "Ormoc City" });
    const client = await signUp(server, { role: "Boss" });
    const date = weekdayAhead(3);
    await bookingIn(server, client, morningTaken, "CONFIRMED", { date, startTime: "09:00", duration: 4 });
    await bookingIn(server, client, dayTaken, "PENDING", { date, startTime: "09:00", duration: 8 });
    const free = async (slot?: string) =>
      (await names({ userName: "freda", date, ...(slot ? { slot } : {}) })).map((name) => name.split(" ")[1]).sort();

    expect(await free("Morning")).toEqual(["Free"]);
    expect(await free("Afternoon")).toEqual(["Free", "Morning"]);
    expect(await free()).toEqual(["Free", "Morning"]);
    // A cancelled booking frees its time again.
    await bookingIn(server, client, dayTaken, "CANCELLED", { date: weekdayAhead(4), startTime: "09:00", duration: 8 });
    expect((await names({ userName: "freda", date: weekdayAhead(4) })).length).toBe(3);
  });

  it("finds nobody free on a weekend or in the past, and refuses what is not a date or a slot", async () => {
    const saturday = nextSaturday(manilaToday());
    expect(await names({ date: saturday })).toEqual([]);
    expect(await names({ date: "2020-01-06" })).toEqual([]);
    const bad = await server.api("GET", "/api/profiles/posts?date=2026-02-30");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.bookingDateInvalid);
    const slot = await server.api("GET", `/api/profiles/posts?date=${weekdayAhead(2)}&slot=Evening`);
    expect(slot.status).toBe(400);
    expect(slot.body.message).toBe(MSG.searchSlotInvalid);
  });
});

describe("GET /profiles/suggest", () => {
  const suggest = async (field: string, q: string) => {
    const { status, body } = await server.api<{ suggestions: string[] }>("GET", `/api/profiles/suggest?${new URLSearchParams({ field, q })}`);
    expect(status).toBe(200);
    return body.suggestions;
  };

  it("completes the last word of a name, keeping the words before it, and forgives a typo", async () => {
    expect(await suggest("name", "Leon")).toContain("Leonardo");
    expect(await suggest("name", "rosario dima")).toEqual(["rosario Dimagiba"]);
    expect(await suggest("name", "Rosaroi")).toContain("Rosario");
    // Usernames are not offered as names.
    expect(await suggest("name", "twelve")).toEqual([]);
  });

  it("suggests whole places", async () => {
    expect(await suggest("place", "Cagayan d")).toEqual(["Cagayan de Oro"]);
    expect(await suggest("place", "las pi")).toEqual(["Las Piñas"]);
    expect(await suggest("place", "Quezn")).toEqual(["Quezon City"]);
  });

  it("refuses a field it does not know and an empty text", async () => {
    const field = await server.api("GET", "/api/profiles/suggest?field=skill&q=se");
    expect(field.status).toBe(400);
    expect(field.body.message).toBe(MSG.suggestFieldInvalid);
    const empty = await server.api("GET", "/api/profiles/suggest?field=name&q=");
    expect(empty.status).toBe(400);
  });
});

describe("the index follows every write", () => {
  it("forgets a suspended Assistant and a deleted listing, and learns a changed name, also when written straight into the database", async () => {
    const account = await assistant("Wilhelmina", "Ong", "wo_twenty", { location: "Vigan City" });
    expect(await names({ userName: "wilhelmina" })).toEqual(["Wilhelmina Ong"]);
    // Written past the server: the database's trigger logs it and notifies; the index reads the log.
    await server.database.db.update(users).set({ firstName: "Mina" }).where(eq(users.id, account.user.id));
    await expect.poll(() => names({ userName: "mina ong" })).toEqual(["Mina Ong"]);
    expect(await names({ userName: "wilhelmina" })).toEqual([]);
    await server.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, account.user.id));
    await expect.poll(() => names({ userName: "mina ong" })).toEqual([]);
  });

  it("shows a changed card at once to the instance that wrote it", async () => {
    const account = await assistant("Cardo", "Dalisay", "cd_twentyone", { location: "Tarlac City" });
    const changed = await server.api("PUT", `/api/users/${account.user.id}`, {
      token: account.token,
      body: { ...account.input, password: undefined, location: "Bacolod City", bio: "Virtual assistant for busy teams" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [hit] = (await search({ location: "Bacolod" })).items;
    expect(hit).toMatchObject({ username: "cd_twentyone", location: "Bacolod City", bio: "Virtual assistant for busy teams" });
  });
});

describe("an index loaded from the database", () => {
  it("is the same index as the one kept by following the changes", async () => {
    await server.app.searchIndex.refresh();
    const fresh = new SearchReplica(server.database, server.app.log, 0);
    await fresh.load();
    expect(fresh.index.snapshot()).toEqual(server.app.searchIndex.index.snapshot());
    expect(fresh.index.size).toBeGreaterThan(20);
  });
});
