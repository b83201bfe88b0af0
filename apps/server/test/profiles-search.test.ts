import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type ProfilePage, type RegisterInput } from "@vam/shared";
import { profiles } from "../src/db/schema.js";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;

async function assistant(overrides: Partial<RegisterInput>, listed = true) {
  const account = await signUp(server, { role: "Assistant", ...overrides });
  if (listed) {
    const made = await server.api("POST", "/api/profiles/profile", { token: account.token });
    expect(made.status).toBe(201);
  }
  return account;
}

const search = async (query: Record<string, string>) => {
  const { status, body } = await server.api<ProfilePage>("GET", `/api/profiles/posts?${new URLSearchParams(query)}`);
  expect(status).toBe(200);
  return body;
};
const namesOf = (page: ProfilePage) => page.items.map((item) => `${item.firstName} ${item.lastName}`);

beforeAll(async () => {
  server = await startTestServer();
  // Created in this order: the newest is last.
  await assistant({ firstName: "Maria", lastName: "Santos", username: "maria_s", location: "Cebu City, Cebu", skills: ["Writing", "SEO"] });
  await assistant({ firstName: "Jose", lastName: "Rizal", username: "pepe_writer", location: "Calamba, Laguna", skills: ["Writing"] });
  await assistant({ firstName: "Andres", lastName: "Bonifacio", username: "supremo", location: "Tondo, Manila", skills: ["Marketing", "Events"] });
  await assistant({ firstName: "Gabriela", lastName: "Silang", username: "gabby_ilocos", location: "Vigan, Ilocos Sur", skills: ["Engineering"] });
  await assistant({ firstName: "Mariano", lastName: "Ponce", username: "mponce", location: "Baliuag, Bulacan", skills: ["AI"] });
  await assistant({ firstName: "Hidden", lastName: "Helper", username: "not_public", location: "Cebu City" }, false);
  const boss = await signUp(server, { role: "Boss", firstName: "Maria", lastName: "Boss", location: "Cebu City" });
  // A Boss cannot list themselves through the API; a row put there anyway must still not show.
  await server.database.db.insert(profiles).values({ userId: boss.user.id, title: "Maria Boss Profile" });
});
afterAll(() => server?.close());

describe("GET /profiles/posts", () => {
  it("lists only Assistants' public listings, newest first, without criteria", async () => {
    const page = await search({});
    expect(namesOf(page)).toEqual(["Mariano Ponce", "Gabriela Silang", "Andres Bonifacio", "Jose Rizal", "Maria Santos"]);
    expect(page.items.every((item) => item.role === "Assistant")).toBe(true);
    expect(page.nextCursor).toBeNull();
  });

  it("carries what the cards and the modal show, and never an email", async () => {
    const [first] = (await search({ userName: "Maria Santos" })).items;
    expect(first).toMatchObject({
      firstName: "Maria",
      lastName: "Santos",
      username: "maria_s",
      location: "Cebu City, Cebu",
      skills: ["Writing", "SEO"],
      salaryRate: 1250,
      responseTime: "Within 24 hours",
      title: "Maria Santos Profile",
    });
    expect(first!.memberSince).toEqual(expect.any(String));
    expect(JSON.stringify(first)).not.toMatch(/@example|email|password/i);
  });

  it.each([
    ["a first name", "maria", ["Maria Santos", "Mariano Ponce"]],
    ["a last name in capitals", "BONIFACIO", ["Andres Bonifacio"]],
    ["a full name", "Jose Rizal", ["Jose Rizal"]],
    ["a username", "gabby_ilocos", ["Gabriela Silang"]],
    ["part of a username", "supre", ["Andres Bonifacio"]],
    ["a swapped letter", "Marai Santos", ["Maria Santos"]],
    ["a lone five-letter word with swapped letters", "Marai", ["Maria Santos"]],
    ["a missing letter", "Bonifaco", ["Andres Bonifacio"]],
  ])("matches the name by %s", async (_kind, userName, expected) => {
    const names = namesOf(await search({ userName }));
    for (const name of expected) expect(names).toContain(name);
    expect(names).not.toContain("Hidden Helper");
    expect(names).not.toContain("Maria Boss");
  });

  it("ranks an equal word before a longer name it begins", async () => {
    expect(namesOf(await search({ userName: "maria" }))).toEqual(["Maria Santos", "Mariano Ponce"]);
  });

  it("needs every word of a place, so one shared word is not enough", async () => {
    expect(namesOf(await search({ location: "Cebu City" }))).toEqual(["Maria Santos"]);
    // Nothing is in "Calamba City": the last word is dropped, and the answer says so.
    const dropped = await search({ location: "Calamba City" });
    expect(namesOf(dropped)).toEqual(["Jose Rizal"]);
    expect(dropped.ignoredWords).toEqual(["City"]);
  });

  it.each([
    ["a city in any case", "cebu city", ["Maria Santos"]],
    ["a province", "Laguna", ["Jose Rizal"]],
    ["a typo", "Viganm", ["Gabriela Silang"]],
  ])("matches the location by %s", async (_kind, location, expected) => {
    expect(namesOf(await search({ location }))).toEqual(expected);
  });

  it.each([
    ["exactly", "Writing", ["Jose Rizal", "Maria Santos"]],
    ["in lower case", "seo", ["Maria Santos"]],
    ["misspelt", "Writting", ["Jose Rizal", "Maria Santos"]],
    ["by its start", "mark", ["Andres Bonifacio"]],
  ])("matches a skill %s", async (_kind, skills, expected) => {
    expect(namesOf(await search({ skills }))).toEqual(expected);
  });

  it("requires every given criterion (AND)", async () => {
    expect(namesOf(await search({ userName: "Maria", location: "Cebu" }))).toEqual(["Maria Santos"]);
    expect(namesOf(await search({ userName: "Maria", skills: "AI" }))).toEqual(["Mariano Ponce"]);
    const nobody = await search({ userName: "Jose", location: "Cebu" });
    expect(namesOf(nobody)).toEqual(["Jose Rizal"]);
    expect(nobody.ignoredWords).toEqual(["Cebu"]);
    expect(namesOf(await search({ location: "Cebu", skills: "Writing", userName: "santos" }))).toEqual(["Maria Santos"]);
  });

  it("finds nothing for names, places and skills nobody has", async () => {
    expect((await search({ userName: "Zzyzx" })).items).toEqual([]);
    expect((await search({ location: "Reykjavik" })).items).toEqual([]);
    expect((await search({ skills: "Juggling" })).items).toEqual([]);
  });

  it("reads LIKE wildcards and other punctuation as spaces between words, never as patterns", async () => {
    expect(namesOf(await search({ userName: "santos%" }))).toEqual(["Maria Santos"]);
    expect(namesOf(await search({ userName: "jose_rizal" }))).toEqual(["Jose Rizal"]);
    expect((await search({ userName: "%" })).items).toHaveLength(5);
  });

  it("pages through the newest-first list without repeats or gaps", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ProfilePage = await search({ limit: "2", ...(cursor ? { cursor } : {}) });
      seen.push(...namesOf(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(["Mariano Ponce", "Gabriela Silang", "Andres Bonifacio", "Jose Rizal", "Maria Santos"]);
  });

  it("pages through search results too", async () => {
    const first = await search({ skills: "Writing", limit: "1" });
    expect(first.items).toHaveLength(1);
    const second = await search({ skills: "Writing", limit: "1", cursor: first.nextCursor! });
    expect(second.nextCursor).toBeNull();
    expect(new Set([...namesOf(first), ...namesOf(second)])).toEqual(new Set(["Jose Rizal", "Maria Santos"]));
  });

  it("refuses a cursor it did not make", async () => {
    const { status, body } = await server.api("GET", "/api/profiles/posts?cursor=not-a-cursor");
    expect(status).toBe(400);
    expect(body.message).toBe(MSG.invalidCursor);
  });
});

describe("the search index", () => {
  it("shows a new listing and a changed name at once on this instance", async () => {
    expect((await search({ userName: "Corazon" })).items).toEqual([]);
    const cory = await assistant({ firstName: "Corazon", lastName: "Aquino", username: "cory_a", location: "Tarlac" });
    expect(namesOf(await search({ userName: "Corazon" }))).toEqual(["Corazon Aquino"]);

    const changed = await server.api("PUT", `/api/users/${cory.user.id}`, {
      token: cory.token,
      body: { ...cory.input, password: undefined, referralCode: undefined, location: "Concepcion, Tarlac", firstName: "Cory" },
    });
    expect(changed.status).toBe(200);
    expect(namesOf(await search({ userName: "Corazon" }))).toEqual([]);
    expect((await search({ location: "Concepcion" })).items.map((i) => i.firstName)).toEqual(["Cory"]);
  });

  it("keeps no answers: a change behind the API's back (as by another instance) reaches every search", async () => {
    expect((await search({ location: "Tarlac" })).items).not.toEqual([]);
    await server.database.db.delete(profiles);
    await expect.poll(async () => (await search({ location: "Tarlac" })).items).toEqual([]);
    expect((await search({})).items).toEqual([]);
  });
});
