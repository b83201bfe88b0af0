import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { weekdayAhead } from "@vam/shared";
import { emailOutbox } from "../src/db/schema.js";
import { metricsAccess } from "../src/metrics/access.js";
import { book } from "./helpers/bookings.js";
import { ageAccount, credit } from "./helpers/payouts.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";
import { connectSocket, settle } from "./helpers/sockets.js";

/**
 * Prometheus metrics at /metrics: requests by route pattern and status, sockets, messages, the
 * email queue's and the sweep's lag, the database pool, the event loop; readable from the allowed
 * addresses (loopback by default) or with the token, never through a proxy by address.
 */

const TOKEN = "metrics-token-for-the-tests";
const REFUSED = "Metrics are not available to this address.";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN, TEST_CLOCK: "true", EMAIL_POLL_MS: "0", PAYMENT_WINDOW_HOURS: "1" });
});
afterAll(() => server?.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of an exposition text: `name{label="value",...} value` lines. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match || line.startsWith("#")) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

const matching = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));

/** The value of the one sample of `name` with `labels`, undefined when absent. */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) => matching(samples, name, labels)[0]?.value;

async function scrape(headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/metrics`, { headers });
  expect(response.status).toBe(200);
  return parse(await response.text());
}

/** A scrape while every query fails (both drivers: PGlite's go through `execute`, PostgreSQL's through the pool's `query`). */
async function scrapeWithDatabaseDown(): Promise<Sample[]> {
  const db = server.app.db as unknown as { execute(): Promise<unknown>; $client: { query(): Promise<unknown> } };
  const down = () => Promise.reject(new Error("the database is down"));
  const spies = [vi.spyOn(db, "execute").mockImplementation(down), vi.spyOn(db.$client, "query").mockImplementation(down)];
  try {
    return await scrape();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe("the HTTP metrics", () => {
  it("count requests and their time by route pattern and status, unknown paths as unmatched", async () => {
    const before = await scrape();
    const healthBefore = valueOf(before, "vam_http_requests_total", { method: "GET", route: "/api/health", status: "200" }) ?? 0;

    expect((await server.api("GET", "/api/health")).status).toBe(200);
    expect((await server.api("GET", "/api/health")).status).toBe(200);
    expect((await server.api("GET", "/api/no-such-thing/12345")).status).toBe(404);
    expect((await server.api("GET", "/api/users/verify", { token: "made-up-token" })).status).toBe(401);

    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(await response.text());

    expect(valueOf(samples, "vam_http_requests_total", { method: "GET", route: "/api/health", status: "200" })).toBeGreaterThanOrEqual(
      healthBefore + 2,
    );
    expect(valueOf(samples, "vam_http_requests_total", { method: "GET", route: "unmatched", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, "vam_http_requests_total", { method: "GET", route: "/api/users/verify", status: "401" })).toBeGreaterThanOrEqual(1);
    // The pattern, never the raw path: an unknown URL leaves no series of its own.
    expect(samples.some((sample) => sample.labels.route?.includes("no-such-thing"))).toBe(false);
    // The scrapes themselves are not counted.
    expect(matching(samples, "vam_http_requests_total", { route: "/metrics" })).toEqual([]);

    const buckets = matching(samples, "vam_http_request_duration_seconds_bucket", { method: "GET", route: "/api/health", status: "200" });
    expect(buckets.map((bucket) => bucket.labels.le)).toEqual([
      "0.005",
      "0.01",
      "0.025",
      "0.05",
      "0.1",
      "0.25",
      "0.5",
      "1",
      "2.5",
      "5",
      "10",
      "+Inf",
    ]);
    expect(buckets.at(-1)!.value).toBeGreaterThanOrEqual(2);
    expect(
      valueOf(samples, "vam_http_request_duration_seconds_count", { method: "GET", route: "/api/health", status: "200" }),
    ).toBeGreaterThanOrEqual(2);
  });

  it("include the event loop's lag and the process's defaults", async () => {
    const samples = await scrape();
    expect(valueOf(samples, "vam_nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, "vam_nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, "vam_process_resident_memory_bytes")).toBeGreaterThan(0);
  });
});

describe("who reads /metrics", () => {
  const inject = (remoteAddress: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });

  it("refuses an address outside the allow list, with a clear message", async () => {
    const answer = await inject("203.0.113.9");
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ message: REFUSED });
  });

  it("lets the right bearer token in from anywhere, not a wrong one", async () => {
    const allowed = await inject("203.0.113.9", { authorization: `Bearer ${TOKEN}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain("vam_http_requests_total");
    const wrong = await inject("203.0.113.9", { authorization: `Bearer ${TOKEN}x` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: REFUSED });
    // A forwarded request with the token: the token decides.
    expect((await inject("203.0.113.9", { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "198.51.100.1" })).statusCode).toBe(200);
  });

  it("takes the loopback as IPv4, IPv6, or IPv4-mapped IPv6", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) expect((await inject(address)).statusCode, address).toBe(200);
  });

  it("never trusts by address a request that came through a proxy", async () => {
    const proxied: Record<string, string>[] = [{ "x-forwarded-for": "127.0.0.1" }, { forwarded: "for=127.0.0.1" }];
    for (const header of proxied) {
      const response = await fetch(`${server.url}/metrics`, { headers: header });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: REFUSED });
    }
  });

  it("matches the peer against the configured ranges", () => {
    const access = metricsAccess({ allow: ["10.0.0.0/8", "192.0.2.7", "fd00::/8"] });
    expect(access.allows("10.1.2.3", {})).toBe(true);
    expect(access.allows("::ffff:10.200.0.1", {})).toBe(true);
    expect(access.allows("192.0.2.7", {})).toBe(true);
    expect(access.allows("fd12::1", {})).toBe(true);
    expect(access.allows("192.0.2.8", {})).toBe(false);
    expect(access.allows("127.0.0.1", {})).toBe(false);
    expect(access.allows("11.0.0.1", {})).toBe(false);
    expect(access.allows(undefined, {})).toBe(false);
    expect(access.allows("not an address", {})).toBe(false);
    // Without a configured token, no bearer header opens it.
    expect(access.allows("127.0.0.1", { authorization: "Bearer " })).toBe(false);
    expect(access.allows("127.0.0.1", { authorization: "Bearer anything-at-all-here" })).toBe(false);
  });
});

describe("the application's gauges", () => {
  it("count this instance's open sockets", async () => {
    const account = await signUp(server);
    expect(valueOf(await scrape(), "vam_sockets_open")).toBe(0);
    const socket = await connectSocket(server.url, account.token);
    try {
      expect(valueOf(await scrape(), "vam_sockets_open")).toBe(1);
    } finally {
      socket.close();
    }
    await settle();
    expect(valueOf(await scrape(), "vam_sockets_open")).toBe(0);
  });

  it("count each chat message delivered once", async () => {
    const boss = await signUp(server, { role: "Boss" });
    const assistant = await signUp(server, { role: "Assistant" });
    const before = valueOf(await scrape(), "vam_messages_delivered_total")!;
    expect(before).toBeGreaterThanOrEqual(0);
    const sent = await server.api("POST", "/api/messages/send", { token: boss.token, body: { recipientId: assistant.user.id, message: "Hello po" } });
    expect(sent.status).toBe(201);
    expect(valueOf(await scrape(), "vam_messages_delivered_total")).toBe(before + 1);
  });

  it("show the email queue's waiting messages and how late the oldest due one is", async () => {
    await server.app.emailQueue.idle();
    await server.api("POST", "/api/test/emails");
    const before = await scrape();
    expect(valueOf(before, "vam_email_queue_waiting")).toBe(0);
    expect(valueOf(before, "vam_email_queue_lag_seconds")).toBe(0);

    // Due five minutes ago and not sent (no worker polls here), and one due only later.
    await server.database.db.insert(emailOutbox).values([
      {
        toAddress: "late@example.ph",
        kind: "verify",
        subject: "Late",
        textBody: "late",
        htmlBody: "<p>late</p>",
        nextAttemptAt: sql`now() - interval '5 minutes'`,
      },
      {
        toAddress: "later@example.ph",
        kind: "verify",
        subject: "Later",
        textBody: "later",
        htmlBody: "<p>later</p>",
        nextAttemptAt: sql`now() + interval '1 hour'`,
      },
    ]);
    const late = await scrape();
    expect(valueOf(late, "vam_email_queue_waiting")).toBe(2);
    const lag = valueOf(late, "vam_email_queue_lag_seconds")!;
    expect(lag).toBeGreaterThanOrEqual(299);
    expect(lag).toBeLessThan(360);

    expect((await server.api("POST", "/api/test/emails")).body).toEqual({ sent: 1 });
    const after = await scrape();
    expect(valueOf(after, "vam_email_queue_waiting")).toBe(1);
    expect(valueOf(after, "vam_email_queue_lag_seconds")).toBe(0);
  });

  it("show how overdue the sweep is, back to 0 once it ran", async () => {
    const consultant = await signUp(server, { role: "Assistant" });
    const client = await signUp(server, { role: "Boss" });
    const created = await book(server, client, { consultantId: consultant.user.id, date: weekdayAhead(3) });
    expect(created.status).toBe(201);
    expect(valueOf(await scrape(), "vam_sweep_lag_seconds")).toBe(0);

    // The payment window (1 hour here) closed ten minutes ago, and no sweep has run.
    const overdue = new Date(Date.parse(created.body.booking.createdAt) + 70 * 60_000);
    expect((await server.api("PUT", "/api/test/clock", { body: { now: overdue.toISOString() } })).status).toBe(200);
    try {
      const lag = valueOf(await scrape(), "vam_sweep_lag_seconds")!;
      expect(lag).toBeGreaterThanOrEqual(600);
      expect(lag).toBeLessThan(660);

      const swept = await server.api("POST", "/api/test/sweep");
      expect(swept.body.expired).toContain(created.body.booking.id);
      const after = await scrape();
      expect(valueOf(after, "vam_sweep_lag_seconds")).toBe(0);
      expect(valueOf(after, "vam_sweep_last_run_timestamp_seconds")).toBeGreaterThan(Date.now() / 1000 - 60);
    } finally {
      await server.api("DELETE", "/api/test/clock");
    }
  });

  it("still answer when the database does not, without the gauges it would give", async () => {
    const samples = await scrapeWithDatabaseDown();
    for (const name of ["vam_email_queue_waiting", "vam_email_queue_lag_seconds", "vam_sweep_lag_seconds"]) {
      expect(matching(samples, name), name).toEqual([]);
    }
    expect(valueOf(samples, "vam_sockets_open")).toBe(0);
    expect(matching(samples, "vam_http_requests_total").length).toBeGreaterThan(0);

    const recovered = await scrape();
    expect(valueOf(recovered, "vam_sweep_lag_seconds")).toBe(0);
    expect(valueOf(recovered, "vam_email_queue_waiting")).toBeGreaterThanOrEqual(0);
  });

  it("show the database pool's use on PostgreSQL, nothing on the embedded PGlite", async () => {
    const samples = await scrape();
    if (process.env.DATABASE_URL) {
      expect(valueOf(samples, "vam_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, "vam_db_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, "vam_db_pool_connections", { state: "max" })).toBe(10);
      expect(valueOf(samples, "vam_db_pool_waiting")).toBe(0);
    } else {
      expect(matching(samples, "vam_db_pool_connections")).toEqual([]);
      expect(matching(samples, "vam_db_pool_waiting")).toEqual([]);
    }
  });
});

/** The gauges the alerts read (deploy/prometheus/alerts.yml): readiness, payments and payouts waiting. */
describe("the alerts' gauges", () => {
  const setClock = async (now: Date) => expect((await server.api("PUT", "/api/test/clock", { body: { now: now.toISOString() } })).status).toBe(200);
  const resetClock = () => server.api("DELETE", "/api/test/clock");

  it("show whether the instance is ready: 1, then 0 while it shuts down and while the database does not answer", async () => {
    expect(valueOf(await scrape(), "vam_ready")).toBe(1);

    server.app.lifecycle.draining = true;
    try {
      expect(valueOf(await scrape(), "vam_ready")).toBe(0);
    } finally {
      server.app.lifecycle.draining = false;
    }

    const samples = await scrapeWithDatabaseDown();
    expect(valueOf(samples, "vam_ready")).toBe(0);
    expect(valueOf(await scrape(), "vam_ready")).toBe(1);
  });

  it("count the payments waiting for an operator and how long the oldest has waited, by the app's clock", async () => {
    const operator = await signUpOperator(server);
    const consultant = await signUp(server, { role: "Assistant" });
    const client = await signUp(server, { role: "Boss" });
    // The tests before leave no payment waiting.
    const before = await scrape();
    expect(valueOf(before, "vam_payments_waiting")).toBe(0);
    expect(valueOf(before, "vam_payments_waiting_oldest_seconds")).toBe(0);

    const first = await book(server, client, { consultantId: consultant.user.id, date: weekdayAhead(4) });
    expect(first.status).toBe(201);
    const madeAt = Date.parse(first.body.booking.createdAt);
    expect(valueOf(await scrape(), "vam_payments_waiting")).toBe(1);

    // A second payment an hour later; three hours after the first (the sweep does not run here),
    // the oldest has waited three hours.
    let second: Awaited<ReturnType<typeof book>>;
    await setClock(new Date(madeAt + 3600_000));
    try {
      second = await book(server, client, { consultantId: consultant.user.id, date: weekdayAhead(5) });
      expect(second.status).toBe(201);
      await setClock(new Date(madeAt + 3 * 3600_000));
      const samples = await scrape();
      expect(valueOf(samples, "vam_payments_waiting")).toBe(2);
      const age = valueOf(samples, "vam_payments_waiting_oldest_seconds")!;
      expect(age).toBeGreaterThanOrEqual(3 * 3600);
      expect(age).toBeLessThan(3 * 3600 + 60);
    } finally {
      await resetClock();
    }

    for (const booking of [first.body.booking, second.body.booking]) {
      const decided = await server.api("PUT", `/api/admin/payments/${booking.id}`, { token: operator.token, body: { status: "PAID" } });
      expect(decided.status).toBe(200);
    }
    const after = await scrape();
    expect(valueOf(after, "vam_payments_waiting")).toBe(0);
    expect(valueOf(after, "vam_payments_waiting_oldest_seconds")).toBe(0);
  });

  it("count the batch lines not marked sent and how long ago the oldest such batch ran, by kind", async () => {
    const operator = await signUpOperator(server);
    const payee = await signUp(server, { role: "Assistant" });
    const unsent = (samples: Sample[], kind: string) => ({
      lines: valueOf(samples, "vam_payout_lines_unsent", { kind }),
      oldest: valueOf(samples, "vam_payout_unsent_oldest_seconds", { kind }),
    });
    const before = await scrape();
    for (const kind of ["PAYOUT", "REFUND"]) expect(unsent(before, kind)).toEqual({ lines: 0, oldest: 0 });

    await credit(server.database.db, payee.user.id, 50_000);
    const account = { method: "GCASH", accountName: `${payee.input.firstName} ${payee.input.lastName}`, accountNumber: "09171234567" };
    expect((await server.api("PUT", "/api/account/payout-account", { token: payee.token, body: account })).status).toBe(200);
    await ageAccount(server.database.db, payee.user.id);
    const run = await server.api("POST", "/api/admin/payouts/batches", { token: operator.token });
    expect(run.status).toBe(201);
    const [line] = run.body.batch.lines;
    expect(run.body.batch.lines).toHaveLength(1);

    const ran = await scrape();
    expect(unsent(ran, "PAYOUT").lines).toBe(1);
    expect(unsent(ran, "PAYOUT").oldest).toBeLessThan(60);
    expect(unsent(ran, "REFUND")).toEqual({ lines: 0, oldest: 0 });

    // Two days later, still not marked.
    await setClock(new Date(Date.now() + 2 * 86_400_000));
    try {
      const oldest = unsent(await scrape(), "PAYOUT").oldest!;
      expect(oldest).toBeGreaterThanOrEqual(2 * 86_400 - 60);
      expect(oldest).toBeLessThan(2 * 86_400 + 60);
    } finally {
      await resetClock();
    }

    const marked = await server.api("PUT", `/api/admin/payout-lines/${line.id}`, {
      token: operator.token,
      body: { state: "SENT", transferReference: "BULK-20261127" },
    });
    expect(marked.status).toBe(200);
    expect(unsent(await scrape(), "PAYOUT")).toEqual({ lines: 0, oldest: 0 });
  });
});
