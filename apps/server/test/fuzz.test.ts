import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as shared from "@vam/shared";
import { createSession } from "../src/session/sessions.js";
import { users } from "../src/db/schema.js";
import { bookingIn } from "./helpers/bookings.js";
import { pngOf, uploadImage } from "./helpers/images.js";
import { newUser, signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

/**
 * Malformed input never produces a 5xx. Every route Fastify registered (so a new route is fuzzed
 * without touching this file) gets wrong types, missing and extra fields, huge strings, deep
 * nesting, control characters, bad dates and ids, wrong content types and empty bodies, as a
 * visitor, a Boss, an Assistant and an operator. The answer must be a 4xx with a JSON `message`,
 * or a 2xx where the input happens to be acceptable. Fixed seed, bounded runs.
 */

/** Fixed by default; `FUZZ_SEED` and `FUZZ_RUNS` let a longer hunt run by hand. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_111);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);

type Actor = "visitor" | "boss" | "assistant" | "operator" | "forged";
interface Attempt {
  actor: Actor;
  path: string;
  query: string;
  contentType?: string;
  body?: string;
}

let server: TestServer;
const tokens: Record<Exclude<Actor, "visitor" | "forged">, string> = { boss: "", assistant: "", operator: "" };
const people: Record<keyof typeof tokens, Awaited<ReturnType<typeof signUp>>> = {} as never;
/** Real ids of every kind, so that fuzzed requests also reach past "not found". */
const ids: string[] = [];
let samples: Record<string, () => unknown> = {};
/** A valid query string per route, mutated parameter by parameter. */
let querySamples: Record<string, Record<string, string>> = {};
/** The path parameters that reach a real row for the route's fixed attempts (default: the Boss's id). */
let pathIds: Record<string, string[]> = {};

beforeAll(async () => {
  server = await startTestServer({ TEST_CLOCK: "true", AUTH_RATE_LIMIT_PER_MINUTE: "100000" });
  people.boss = await signUp(server, { role: "Boss" });
  people.assistant = await signUp(server, { role: "Assistant" });
  people.operator = await signUpOperator(server);
  const { boss, assistant } = people;
  const as = (token: string) => ({ token });
  await server.api("POST", "/api/profiles/profile", as(assistant.token));
  const imageUrl = (await uploadImage(server, { file: await pngOf(16, 16), name: "a.png", folder: "postings", token: assistant.token })).body
    .imageUrl;
  const posting = { title: "Bookkeeping", address: "Cebu City", rate: 500, images: [imageUrl], description: "<p>Books</p>", hours: "9-5" };
  const postingId = (await server.api("POST", "/api/posts", { ...as(assistant.token), body: posting })).body.id as string;
  const photoId = (await server.api("POST", "/api/gallery", { ...as(assistant.token), body: { imageUrl, title: "Desk" } })).body.id as string;
  const pending = await bookingIn(server, boss, assistant, "PENDING", {}, { paymentStatus: "UNVERIFIED" });
  const completed = await bookingIn(server, boss, assistant, "COMPLETED", { date: shared.weekdayAhead(2) });
  await server.api("POST", `/api/bookings/${completed.id}/review`, { ...as(boss.token), body: { rating: 5, text: "Great" } });
  await server.api("POST", `/api/bookings/${completed.id}/review`, { ...as(assistant.token), body: { rating: 4 } });
  const chatId = (await server.api("GET", "/api/chats", as(boss.token))).body[0].id as string;
  const notificationId = (await server.api("GET", "/api/users/notifications", as(assistant.token))).body[0].id as string;
  const listingId = (await server.api("GET", "/api/profiles/user-posts", as(assistant.token))).body[0].id as string;
  const reviewId = (await server.api("GET", `/api/profiles/${assistant.user.id}/reviews`)).body.items[0].id as string;
  ids.push(
    boss.user.id,
    assistant.user.id,
    people.operator.user.id,
    postingId,
    photoId,
    pending.id,
    completed.id,
    chatId,
    notificationId,
    listingId,
    reviewId,
  );
  expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);

  const profile = () => {
    const { password: _password, referralCode: _code, ...fields } = boss.input;
    return { ...fields, bio: "About me" };
  };
  const firstPage = (await server.api("GET", "/api/profiles/posts?limit=1")).body.nextCursor as string | null;
  querySamples = {
    "GET /api/profiles/posts": { userName: "Juan", location: "Quezon", skills: "Writing", limit: "2", ...(firstPage && { cursor: firstPage }) },
    "GET /api/bookings/available": { date: shared.weekdayAhead(2), consultantId: assistant.user.id },
    "GET /api/bookings/payment": { consultantId: assistant.user.id, duration: "4" },
    "GET /api/bookings/user": { role: "client" },
    "GET /api/admin/payments": { age: "all", q: "BOOKING-" },
    "GET /api/admin/users": { q: "juan", page: "1" },
    "GET /api/admin/reviews": { q: "great", page: "1" },
    "GET /api/admin/audit": { page: "1" },
  };
  pathIds = {
    "PUT /api/posts/:id": [postingId],
    "DELETE /api/posts/:id": [postingId],
    "GET /api/posts/:id": [postingId],
    "DELETE /api/gallery/:id": [photoId],
    "DELETE /api/profiles/posts/:id": [listingId],
    "GET /api/profiles/:id/reviews": [assistant.user.id],
    "GET /api/bookings/:id": [pending.id],
    "GET /api/bookings/:id/calendar": [pending.id],
    "PUT /api/bookings/:id/status": [pending.id],
    "PUT /api/bookings/:id/reschedule": [pending.id],
    "POST /api/bookings/:id/review": [completed.id],
    "GET /api/bookings/consultant/:id": [assistant.user.id],
    "GET /api/bookings/booked/:id": [assistant.user.id],
    "GET /api/chats/:id": [chatId],
    "PUT /api/chats/read/:chatId": [chatId],
    "POST /api/messages/:chatId": [chatId],
    "GET /api/chat/find/:userId/:otherUserId": [boss.user.id, assistant.user.id],
    "PUT /api/users/notifications/:id/read": [notificationId],
    "PUT /api/admin/payments/:id": [pending.id],
    "PUT /api/admin/reviews/:id/visibility": [reviewId],
  };
  // A valid body per route: the fuzzer mutates it field by field, so it reaches the rules behind validation.
  samples = {
    "POST /api/auth/register": () => newUser({ referralCode: undefined }),
    "POST /api/auth/login": () => ({ username: boss.input.username, password: boss.input.password }),
    "PUT /api/users/:id": profile,
    "POST /api/gallery": () => ({ imageUrl, title: "Desk", description: "My desk", isPublic: true }),
    "POST /api/posts": () => posting,
    "PUT /api/posts/:id": () => posting,
    "POST /api/users/save": () => ({ postId: postingId }),
    "POST /api/bookings/create": () => ({
      consultantId: assistant.user.id,
      date: shared.weekdayAhead(3),
      startTime: "09:00",
      duration: 4,
      referralCode: "",
    }),
    "PUT /api/bookings/:id/status": () => ({ status: "CONFIRMED" }),
    "PUT /api/bookings/:id/reschedule": () => ({ date: shared.weekdayAhead(4), startTime: "13:00" }),
    "POST /api/bookings/:id/review": () => ({ rating: 5, text: "Thanks" }),
    "POST /api/referrals/apply-reward": () => ({ bookingId: completed.id }),
    "POST /api/chats": () => ({ receiverId: assistant.user.id }),
    "POST /api/messages/send": () => ({ recipientId: assistant.user.id, message: "Hello" }),
    "POST /api/messages/:chatId": () => ({ text: "Hello" }),
    "PUT /api/admin/payments/:id": () => ({ status: "PAID" }),
    "PUT /api/admin/users/:id/suspension": () => ({ suspended: false }),
    "PUT /api/admin/reviews/:id/visibility": () => ({ hidden: false }),
    "PUT /api/test/clock": () => ({ now: new Date().toISOString() }),
  };
});
afterAll(() => server?.close());

const fieldsOf = (value: unknown) =>
  value && typeof value === "object" && "shape" in value && typeof value.shape === "object" && value.shape ? Object.keys(value.shape) : [];
/** Every field name the shared schemas know, to build and extend bodies and query strings. */
const FIELD_NAMES = [...new Set(Object.values(shared).flatMap(fieldsOf)), "cursor", "page", "q", "age", "limit", "role"];
/** The query-string parameters of the shared query schemas (`…QuerySchema`, `…SearchSchema`, `…PageSchema`, `…ViewSchema`). */
const QUERY_NAMES = [
  ...new Set(Object.entries(shared).flatMap(([name, value]) => (/(Query|Search|Page|View)Schema$/.test(name) ? fieldsOf(value) : []))),
];

/** Percent-encoded; a lone surrogate becomes U+FFFD (invalid UTF-8 is sent as raw "%F0%28…" instead). */
const encode = (value: string) => encodeURIComponent(Buffer.from(value).toString());

/** One of the fixtures' real ids (read when generating: they exist by then). */
const knownId = fc.nat({ max: 1_000 }).map((index) => ids[index % ids.length]!);
const controlText = fc.string({
  unit: fc.constantFrom(
    "\u0000",
    "\u0001",
    "\u0007",
    "\b",
    "\t",
    "\n",
    "\r",
    "\u001b",
    "\u007f",
    "\u0085",
    "\u2028",
    "\ud800",
    "a",
    "é",
    "😀",
    " ",
    "%",
    "'",
    "\\",
    "<",
  ),
  maxLength: 24,
});
const badDate = fc.constantFrom(
  "2024-02-30",
  "0000-01-01",
  "9999-99-99",
  "2024-13-01T25:61:00Z",
  "275760-09-13T00:00:00.000Z",
  "-271821-04-20T00:00:00.000Z",
  "0001-01-01T00:00:00Z",
  "0001-01-01",
  "1969-12-31",
  "9999-12-31",
  "yesterday",
  "1",
  "",
);
const badId = fc.constantFrom(
  "-".repeat(36),
  "00000000-0000-0000-0000-00000000000g",
  "0".repeat(36),
  "null",
  "' or 1=1 --",
  "../../etc/passwd",
  "\u0000",
);
const hugeText = fc.constantFrom("a".repeat(5_000), "é".repeat(60_000), "\u0000".repeat(1_000), "<p>".repeat(20_000));
const odd = fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 2, 4.5, -0.0001, "NaN", "Infinity", "1e400", "0x10", " 5 ", true, false, null, [], {});
const scalar = fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), controlText, fc.integer(), fc.double({ noNaN: true }), odd, badDate, badId);
/** Arrays and objects nested `depth` deep. */
const nested = (depth: number): unknown => (depth === 0 ? "x" : depth % 2 ? [nested(depth - 1)] : { a: nested(depth - 1) });
const badValue = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: hugeText },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 12 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), scalar, { maxKeys: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(nested(200), nested(2000)) },
  { weight: 2, arbitrary: knownId },
);

/** The sample body with one field changed, dropped or added, or something else entirely. */
function bodyFor(sample: unknown) {
  const base = sample && typeof sample === "object" && !Array.isArray(sample) ? (sample as Record<string, unknown>) : {};
  const keys = Object.keys(base);
  const own = keys.length ? fc.constantFrom(...keys) : fc.constantFrom(...FIELD_NAMES);
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(own, badValue).map(([key, value]) => ({ ...base, [key]: value })) },
    { weight: 2, arbitrary: own.map((key) => Object.fromEntries(Object.entries(base).filter(([name]) => name !== key))) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...FIELD_NAMES), badValue).map(([key, value]) => ({ ...base, [key]: value })) },
    { weight: 1, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), badValue).map(([key, value]) => ({ ...base, [key]: value })) },
    { weight: 1, arbitrary: fc.constant(base) },
    { weight: 2, arbitrary: badValue },
  );
}

const cursorOf = (content: unknown) => Buffer.from(JSON.stringify(content)).toString("base64url");
const queryValue = fc.oneof(
  controlText.map(encode),
  badDate.map(encode),
  badId.map(encode),
  fc.integer().map(String),
  fc.constantFrom("", "%ZZ", "%", "%00", "a".repeat(3_000), "true", "-1", "1e9", "all", "client", "consultant"),
  fc.record({ createdAt: fc.oneof(badDate, scalar), publishedAt: fc.oneof(badDate, scalar), id: fc.oneof(badId, scalar) }).map(cursorOf),
  knownId,
);
const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 }).map(encode)), queryValue), { maxLength: 6 })
  .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join("&"));

/** A path segment where the route has a parameter. */
const segment = () =>
  fc.oneof(
    { weight: 5, arbitrary: knownId },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: badId.map(encode) },
    { weight: 2, arbitrary: controlText.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom("%ZZ", "%", "%00", "..", "%2e%2e", "a".repeat(2_000), "%F0%28%8C%BC") },
  );

const fill = (url: string, values: string[]) => {
  let index = 0;
  return url.replace(/:[A-Za-z]+|\*/g, () => values[index++] ?? ids[0]!);
};
const parameterCount = (url: string) => (url.match(/:[A-Za-z]+|\*/g) ?? []).length;

const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

const toQuery = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key}=${value}`)
    .join("&");

/** The route's valid query with one parameter changed, dropped, repeated or added. */
function queryFor(sample: Record<string, string> | undefined) {
  if (!sample) return fc.oneof(fc.constant(""), queryString);
  const keys = Object.keys(sample).map((key) => fc.constant(key));
  const own = fc.oneof(...keys);
  const encoded = Object.fromEntries(Object.entries(sample).map(([key, value]) => [key, encode(value)]));
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(own, queryValue).map(([key, value]) => toQuery({ ...encoded, [key]: value })) },
    { weight: 1, arbitrary: own.map((key) => toQuery(Object.fromEntries(Object.entries(encoded).filter(([name]) => name !== key)))) },
    { weight: 1, arbitrary: fc.tuple(own, queryValue).map(([key, value]) => `${toQuery(encoded)}&${key}=${value}`) },
    { weight: 1, arbitrary: queryString.map((extra) => `${toQuery(encoded)}&${extra}`) },
    { weight: 1, arbitrary: fc.constant(toQuery(encoded)) },
  );
}

function attempts(method: string, url: string) {
  const sample = samples[`${method} ${url}`]?.();
  return fc.record({
    actor: fc.constantFrom<Actor>("visitor", "boss", "assistant", "operator", "forged"),
    path: fc.array(segment(), { minLength: parameterCount(url), maxLength: parameterCount(url) }).map((values) => fill(url, values)),
    query: queryFor(querySamples[`${method} ${url}`]),
    contentType: fc.constant(hasBody(method) ? "application/json" : undefined),
    body: hasBody(method) ? bodyFor(sample).map((value) => JSON.stringify(value) ?? "null") : fc.constant(undefined),
  });
}

/** Requests no generator needs to find: the malformed shapes of a whole request. */
function fixedAttempts(method: string, url: string): Attempt[] {
  const path = fill(url, pathIds[`${method} ${url}`] ?? Array(parameterCount(url)).fill(people.boss.user.id));
  const owner: Actor = url.startsWith("/api/admin") ? "operator" : /posts|gallery|profiles|upload/.test(url) ? "assistant" : "boss";
  const sampleValue = (samples[`${method} ${url}`]?.() ?? {}) as Record<string, unknown>;
  const sample = JSON.stringify(sampleValue);
  const list: Attempt[] = [
    { actor: "visitor", path, query: "" },
    { actor: owner, path, query: "" },
    { actor: owner, path, query: `${"a=1&".repeat(1_000)}cursor=${cursorOf({ createdAt: "2024-02-30T00:00:00Z", id: "-".repeat(36) })}` },
    { actor: owner, path, query: "q=%00&userName=%00&page=%00&cursor=%00&date=%00&consultantId=%00&role=%00" },
    { actor: owner, path, query: "page=1&page=2&q=a&q=b&limit=1&limit=2&age=all&age=x" },
  ];
  // Each query parameter alone with a control character, so that no other refusal hides it.
  if (method === "GET") for (const name of QUERY_NAMES) list.push({ actor: owner, path, query: `${name}=a%00b` });
  // Each parameter of the valid query alone with a value it must refuse.
  const query = querySamples[`${method} ${url}`];
  for (const key of Object.keys(query ?? {})) {
    for (const value of ["a%00b", "0000-01-01", "0001-01-01", "2024-02-30", "9999-12-31", "-".repeat(36), "%ZZ", "", "1e400", "a".repeat(3_000)]) {
      list.push({ actor: owner, path, query: toQuery({ ...query, [key]: value }) });
    }
  }
  const parameters = parameterCount(url);
  if (parameters > 0) {
    for (const bad of ["%ZZ", "%00", "-".repeat(36), "a".repeat(4_000), "%F0%28%8C%BC"]) {
      list.push({ actor: owner, path: fill(url, Array(parameters).fill(bad)), query: "" });
    }
  }
  if (hasBody(method)) {
    const json = "application/json";
    const cutShort = '--XX\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    const bodies: [string | undefined, string][] = [
      [json, ""],
      [json, "{"],
      [json, "null"],
      [json, "[]"],
      [json, '"text"'],
      [json, "123"],
      [json, `${sample}garbage`],
      [json, '{"__proto__":{"admin":true}}'],
      [json, '{"constructor":{"prototype":{"admin":true}}}'],
      [json, JSON.stringify({ ...JSON.parse(sample), pad: "a".repeat(1_200_000) })],
      [json, `${"[".repeat(20_000)}${"]".repeat(20_000)}`],
      ["application/json; charset=utf-16", sample],
      ["text/plain", "hello"],
      ["application/xml", "<a/>"],
      ["application/x-www-form-urlencoded", "a=1&b=2"],
      ["multipart/form-data", "abc"],
      ["multipart/form-data; boundary=XX", cutShort],
      [undefined, sample],
    ];
    for (const [contentType, body] of bodies) list.push({ actor: owner, path, query: "", contentType, body });
    // Each field of the valid body alone with a NUL, an object or a huge string.
    for (const key of Object.keys(sampleValue)) {
      for (const value of ["a\u0000b", { $gt: "" }, "x".repeat(25_000)]) {
        list.push({ actor: owner, path, query: "", contentType: json, body: JSON.stringify({ ...sampleValue, [key]: value }) });
      }
    }
  }
  return list;
}

/** Fresh sessions and untouched accounts before each route: a fuzzed logout or suspension must not blind the next. */
async function resetActors() {
  const accounts = [people.boss, people.assistant, people.operator];
  await server.database.db
    .update(users)
    .set({ suspendedAt: null })
    .where(
      inArray(
        users.id,
        accounts.map((account) => account.user.id),
      ),
    );
  await server.database.db.update(users).set({ role: "Boss" }).where(eq(users.id, people.boss.user.id));
  await server.database.db.update(users).set({ role: "Assistant" }).where(eq(users.id, people.assistant.user.id));
  for (const name of ["boss", "assistant", "operator"] as const) {
    tokens[name] = await createSession(server.database.db, people[name].user.id, 3600_000);
  }
}

const authorization = (actor: Actor) =>
  actor === "visitor" ? undefined : actor === "forged" ? `Bearer ${"forged".repeat(40)}` : `Bearer ${tokens[actor]}`;

/** What is wrong with the answer to `attempt`, if anything. */
async function problemWith(method: string, attempt: Attempt): Promise<string | undefined> {
  const headers: Record<string, string> = {};
  const auth = authorization(attempt.actor);
  if (auth) headers.authorization = auth;
  if (attempt.contentType) headers["content-type"] = attempt.contentType;
  const url = `${server.url}${attempt.path}${attempt.query ? `?${attempt.query}` : ""}`;
  try {
    const response = await request(url, { method: method as "GET", headers, body: attempt.body });
    const text = await response.body.text();
    if (response.statusCode >= 500) return `${response.statusCode} ${text.slice(0, 200)}`;
    if (response.statusCode >= 400) {
      let message: unknown;
      try {
        message = (JSON.parse(text) as { message?: unknown }).message;
      } catch {
        return `${response.statusCode} not JSON: ${text.slice(0, 120)}`;
      }
      if (typeof message !== "string" || message.length === 0) return `${response.statusCode} without a message: ${text.slice(0, 120)}`;
    }
    return undefined;
  } finally {
    server.app.clock.reset();
  }
}

const describeAttempt = (method: string, attempt: Attempt) =>
  `${method} ${attempt.path.slice(0, 120)}${attempt.query ? `?${attempt.query.slice(0, 120)}` : ""} as ${attempt.actor}` +
  (attempt.body !== undefined ? ` [${attempt.contentType ?? "no content type"}] ${attempt.body.slice(0, 160)}` : "");

/** GET routes first, deletions and logout last: the fixtures stay in place for as long as possible. */
const ORDER = ["GET", "PUT", "POST", "PATCH", "DELETE"];
const rank = (route: { method: string; url: string }) => ORDER.indexOf(route.method) * 2 + (route.url.endsWith("/logout") ? 1 : 0);

describe("fuzzing every route", () => {
  it("never answers a 5xx, and refuses with a JSON message", { timeout: 180_000 }, async () => {
    const routes = server.app.routeList.filter((route) => route.method !== "HEAD" && route.method !== "OPTIONS").sort((a, b) => rank(a) - rank(b));
    // Every feature registers its routes: a handful would mean the enumeration broke.
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.some((route) => route.url === "/api/admin/payments/:id")).toBe(true);

    const problems: string[] = [];
    for (const route of routes) {
      await resetActors();
      for (const attempt of fixedAttempts(route.method, route.url)) {
        const problem = await problemWith(route.method, attempt);
        if (problem) problems.push(`${describeAttempt(route.method, attempt)} → ${problem}`);
      }
      await resetActors();
      const result = await fc.check(
        fc.asyncProperty(attempts(route.method, route.url), async (attempt) => {
          const problem = await problemWith(route.method, attempt);
          if (problem) throw new Error(problem);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (result.failed && result.counterexample) {
        problems.push(
          `${describeAttempt(route.method, result.counterexample[0])} → ${(result.errorInstance as Error)?.message ?? result.errorInstance}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it("leaves a healthy server: health, registration and login still work", async () => {
    const health = await server.api("GET", "/api/health");
    expect([health.status, health.body.status]).toEqual([200, "ok"]);
    const account = await signUp(server);
    const me = await server.api("GET", "/api/users/verify", { token: account.token });
    expect([me.status, me.body.user.id]).toEqual([200, account.user.id]);
  });
});
