import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_KIND_LABELS, MSG, formatLongDate, formatTime, manilaDate, manilaTime, weekdayAhead, type Booking } from "@vam/shared";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { bookings, emailOutbox } from "../src/db/schema.js";
import { sweep } from "../src/bookings/sweep.js";
import { startServer } from "../src/server.js";
import { atTime, book, bookSeries, mondayIn, reschedule, setStatus, type Account } from "./helpers/bookings.js";
import { createPostgresDatabase } from "./helpers/database.js";
import { parseCalendarFile } from "./helpers/ical.js";
import { startMailbox, type Mailbox, type ReceivedMail } from "./helpers/mailbox.js";
import { startServerProcess } from "./helpers/process.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, EMAIL_POLL_MS: "0" });
});
afterAll(async () => {
  await server?.close();
  await mailbox?.close();
});

async function pair() {
  const assistant = await signUp(server, { role: "Assistant", firstName: "Maricel", lastName: "Ocampo" });
  const client = await signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Aquino" });
  return { assistant, client };
}

/** The message to `account` whose subject starts with `prefix` (waits for it). */
const mailTo = (account: Account, prefix: string) => mailbox.waitFor((m) => m.to.includes(account.input.email) && m.subject.startsWith(prefix));

/** Everything queued so far has gone out (or failed): what did not arrive is not coming. */
async function settled() {
  await server.app.emailQueue.idle();
  await server.app.emailQueue.drain();
}

/** A booking's time as the emails write it: "Tuesday, December 1, 2026 at 9:00 AM". */
const when = (iso: string) => `${formatLongDate(manilaDate(new Date(iso)))} at ${formatTime(manilaTime(new Date(iso)))}`;

const kindsTo = (account: Account) => mailbox.to(account.input.email).map((m) => m.subject);

function calendarOf(mail: ReceivedMail) {
  const file = mail.attachments.find((attachment) => attachment.contentType.startsWith("text/calendar"));
  expect(file, `a calendar file on "${mail.subject}"`).toBeDefined();
  return { ...parseCalendarFile(file!.content), filename: file!.filename, partMethod: file!.method };
}

describe("booking emails", () => {
  it("go to both parties at every step, each with the calendar file: an invitation, updated, then cancelled", async () => {
    const { assistant, client } = await pair();
    const made = await book(server, client, { consultantId: assistant.user.id, date: weekdayAhead(5) });
    expect(made.status).toBe(201);
    const booking: Booking = made.body.booking;

    const toAssistant = await mailTo(assistant, "New booking: Ramon Aquino, ");
    const toClient = await mailTo(client, "Booking requested: Maricel Ocampo, ");
    expect(toAssistant.to).toEqual([assistant.input.email.toLowerCase()]);
    expect(toAssistant.text).toContain("Ramon Aquino booked you for ");
    expect(toAssistant.links).toContain(`${server.url}/bookings`);
    const invite = calendarOf(toAssistant);
    expect(invite).toMatchObject({ method: "REQUEST", start: booking.startsAt, end: booking.endsAt, sequence: 0 });
    // Mail apps read the METHOD of the MIME part too.
    expect(invite.partMethod).toBe("REQUEST");
    expect(invite.filename).toMatch(/\.ics$/);
    expect(calendarOf(toClient).uid).toBe(invite.uid);

    expect((await setStatus(server, assistant, booking.id, "CONFIRMED")).status).toBe(200);
    for (const account of [assistant, client]) await mailTo(account, "Booking accepted: ");
    expect((await mailTo(client, "Booking accepted: ")).text).toContain("Maricel Ocampo accepted");

    const operator = await signUpOperator(server);
    expect((await server.api("PUT", `/api/admin/payments/${booking.id}`, { token: operator.token, body: { status: "PAID" } })).status).toBe(200);
    for (const account of [assistant, client]) await mailTo(account, "Payment verified: ");

    const moved = await reschedule(server, client, booking.id, weekdayAhead(6), "13:00");
    expect(moved.status).toBe(200);
    const movedMail = await mailTo(assistant, "Booking moved to ");
    await mailTo(client, "Booking moved to ");
    const update = calendarOf(movedMail);
    expect(update).toMatchObject({ method: "REQUEST", uid: invite.uid, start: moved.body.booking.startsAt });
    expect(update.sequence).toBeGreaterThan(0);

    expect((await setStatus(server, client, booking.id, "CANCELLED")).status).toBe(200);
    const cancelled = await mailTo(assistant, "Booking cancelled: ");
    await mailTo(client, "Booking cancelled: ");
    expect(cancelled.text).toContain("Ramon Aquino cancelled");
    const cancel = calendarOf(cancelled);
    expect(cancel).toMatchObject({ method: "CANCEL", partMethod: "CANCEL", uid: invite.uid, status: "CANCELLED" });
    expect(cancel.sequence).toBeGreaterThan(update.sequence);
  });

  it("name the one who acted once, to the other party, and tell the actor what they did", async () => {
    const { assistant, client } = await pair();

    // The assistant moves the booking: the client reads who moved it, once.
    const made = await book(server, client, { consultantId: assistant.user.id, date: weekdayAhead(8) });
    const booking: Booking = made.body.booking;
    const moved = await reschedule(server, assistant, booking.id, weekdayAhead(9), "13:00");
    expect(moved.status).toBe(200);
    const movedAt = when(moved.body.booking.startsAt);
    expect((await mailTo(client, "Booking moved to ")).text).toContain(`Maricel Ocampo moved your booking to ${movedAt}.`);
    expect((await mailTo(assistant, "Booking moved to ")).text).toContain(`You moved the booking with Ramon Aquino to ${movedAt}.`);

    // The client cancels it: the assistant reads who cancelled, once.
    expect((await setStatus(server, client, booking.id, "CANCELLED")).status).toBe(200);
    const toAssistant = await mailTo(assistant, "Booking cancelled: ");
    expect(toAssistant.text).toContain(`Ramon Aquino cancelled your booking on ${movedAt}.`);
    expect(toAssistant.text).not.toContain("with Ramon Aquino");
    expect(toAssistant.text).toContain("The attached file removes it from your calendar.");
    expect((await mailTo(client, "Booking cancelled: ")).text).toContain(`You cancelled the booking on ${movedAt} with Maricel Ocampo.`);
  });

  it("of one cancelled date of a weekly series say the attached file removes it from the calendar", async () => {
    const { assistant, client } = await pair();
    const created = await bookSeries(server, client, { consultantId: assistant.user.id, date: mondayIn(3), weeks: 3 });
    expect(created.status).toBe(201);
    const dates = created.body.bookings;
    expect((await setStatus(server, client, dates[1]!.id, "CANCELLED")).status).toBe(200);
    expect((await mailTo(assistant, "Booking cancelled: ")).text).toContain(`Ramon Aquino cancelled your booking on ${when(dates[1]!.startsAt)}.`);
    for (const account of [assistant, client]) {
      const mail = await mailTo(account, "Booking cancelled: ");
      expect(mail.text).toContain("The attached file removes it from your calendar.");
      expect(mail.text).not.toContain("adds it to your calendar");
    }
  });

  it("says when a booking is completed", async () => {
    const { assistant, client } = await pair();
    const made = await book(server, client, { consultantId: assistant.user.id, date: weekdayAhead(2) });
    const booking: Booking = made.body.booking;
    await server.database.db.update(bookings).set({ status: "CONFIRMED", paymentStatus: "PAID" }).where(eq(bookings.id, booking.id));
    const done = await atTime(server, new Date(Date.parse(booking.endsAt) + 60_000), () => setStatus(server, assistant, booking.id, "COMPLETED"));
    expect(done.status).toBe(200);
    for (const account of [assistant, client]) {
      expect((await mailTo(account, "Booking completed: ")).text).toContain("You can now review each other.");
    }
  });

  it("remind both parties once, a day before a confirmed booking; a reschedule reminds of the new time", async () => {
    const { assistant, client } = await pair();
    const made = await book(server, client, { consultantId: assistant.user.id, date: weekdayAhead(4) });
    const booking: Booking = made.body.booking;
    await server.database.db.update(bookings).set({ status: "CONFIRMED", paymentStatus: "PAID" }).where(eq(bookings.id, booking.id));
    const startsAt = Date.parse(booking.startsAt);

    // More than a day ahead: nothing yet.
    await atTime(server, new Date(startsAt - 25 * 3600_000), () => sweep(server.app));
    await settled();
    expect(kindsTo(assistant).filter((subject) => subject.startsWith("Reminder"))).toEqual([]);

    const dayBefore = new Date(startsAt - 23 * 3600_000);
    expect((await atTime(server, dayBefore, () => sweep(server.app))).reminders).toBeGreaterThanOrEqual(1);
    const reminder = await mailTo(client, "Reminder: tomorrow at 9:00 AM, with Maricel Ocampo");
    await mailTo(assistant, "Reminder: tomorrow at 9:00 AM, with Ramon Aquino");
    expect(calendarOf(reminder).method).toBe("REQUEST");
    await atTime(server, new Date(startsAt - 22 * 3600_000), () => sweep(server.app));
    await settled();
    expect(kindsTo(client).filter((subject) => subject.startsWith("Reminder"))).toHaveLength(1);

    // Moved to another day: reminded again, of the new time.
    const moved = await atTime(server, dayBefore, () => reschedule(server, client, booking.id, weekdayAhead(6), "13:00"));
    expect(moved.status).toBe(200);
    await atTime(server, new Date(Date.parse(moved.body.booking.startsAt) - 20 * 3600_000), () => sweep(server.app));
    await mailTo(client, "Reminder: tomorrow at 1:00 PM");
  });

  it("are not sent of a kind the user switched off; the other party still gets theirs", async () => {
    const { assistant, client } = await pair();
    const off = await server.api("PUT", "/api/account/email-settings", { token: assistant.token, body: { bookingCreated: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: MSG.emailSettingsSaved, settings: { bookingCreated: false, bookingAccepted: true } });
    const made = await book(server, client, { consultantId: assistant.user.id, date: weekdayAhead(3) });
    await mailTo(client, "Booking requested: ");
    await settled();
    expect(kindsTo(assistant).filter((subject) => subject.startsWith("New booking"))).toEqual([]);
    // Only that kind is off.
    await setStatus(server, assistant, made.body.booking.id, "CONFIRMED");
    await mailTo(assistant, "Booking accepted: ");
    const settings = await server.api("GET", "/api/account/email-settings", { token: assistant.token });
    expect(settings.body.settings).toMatchObject({ bookingCreated: false, bookingAccepted: true, unreadMessages: true });
  });
});

describe("unsubscribe links", () => {
  it("every email carries one for its kind; the page's link and the one-click POST both switch that kind off", async () => {
    const { assistant, client } = await pair();
    await book(server, client, { consultantId: assistant.user.id, date: weekdayAhead(7) });
    const mail = await mailTo(assistant, "New booking: ");
    const page = mail.links.find((link) => new URL(link).pathname === "/unsubscribe");
    expect(page).toBeDefined();
    const query = new URL(page!).search;
    expect(new URL(page!).searchParams.get("k")).toBe("bookingCreated");
    // RFC 8058: the header names the API address; mail apps POST a form to it.
    const header = mail.header("List-Unsubscribe")!;
    expect(header).toBe(`<${server.url}/api/email/unsubscribe${query}>`);
    expect(mail.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    // A forged signature, or another user's, changes nothing.
    const forged = new URL(page!);
    forged.searchParams.set("t", "A".repeat(32));
    expect((await server.api("POST", `/api/email/unsubscribe${forged.search}`)).body.message).toBe(MSG.unsubscribeInvalid);
    const otherKind = new URL(page!);
    otherKind.searchParams.set("k", "unreadMessages");
    expect((await server.api("POST", `/api/email/unsubscribe${otherKind.search}`)).status).toBe(400);
    expect((await server.api("POST", "/api/email/unsubscribe?u=x")).status).toBe(400);

    const oneClick = await fetch(header.slice(1, -1), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({
      message: MSG.unsubscribed(EMAIL_KIND_LABELS.bookingCreated),
      kind: "bookingCreated",
      label: EMAIL_KIND_LABELS.bookingCreated,
    });
    const settings = await server.api("GET", "/api/account/email-settings", { token: assistant.token });
    expect(settings.body.settings).toMatchObject({ bookingCreated: false, unreadMessages: true });

    const again = await server.api("POST", `/api/email/resubscribe${query}`);
    expect(again.body.message).toBe(MSG.resubscribed(EMAIL_KIND_LABELS.bookingCreated));
    expect((await server.api("GET", "/api/account/email-settings", { token: assistant.token })).body.settings.bookingCreated).toBe(true);
  });

  it("opening the link (a GET, as a mail scanner does) only reads it: nothing stops until the page's button is pressed", async () => {
    const { assistant, client } = await pair();
    await book(server, client, { consultantId: assistant.user.id, date: weekdayAhead(8) });
    const mail = await mailTo(assistant, "New booking: ");
    const query = new URL(mail.links.find((link) => new URL(link).pathname === "/unsubscribe")!).search;
    const settings = async () => (await server.api("GET", "/api/account/email-settings", { token: assistant.token })).body.settings;

    const read = await server.api("GET", `/api/email/unsubscribe${query}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ kind: "bookingCreated", label: EMAIL_KIND_LABELS.bookingCreated, on: true });
    expect((await settings()).bookingCreated).toBe(true);
    // A HEAD (link checkers) changes nothing either, and a forged link is refused.
    await fetch(`${server.url}/api/email/unsubscribe${query}`, { method: "HEAD" });
    expect((await settings()).bookingCreated).toBe(true);
    const forged = new URL(`${server.url}/api/email/unsubscribe${query}`);
    forged.searchParams.set("t", "A".repeat(32));
    expect((await server.api("GET", `/api/email/unsubscribe${forged.search}`)).body.message).toBe(MSG.unsubscribeInvalid);

    // The button's POST stops it; reading the link again says so, still changing nothing.
    expect((await server.api("POST", `/api/email/unsubscribe${query}`)).status).toBe(200);
    expect((await server.api("GET", `/api/email/unsubscribe${query}`)).body.on).toBe(false);
    expect((await settings()).bookingCreated).toBe(false);
  });
});

describe("unread message emails", () => {
  it("one per chat after 15 minutes unread, however many messages; another only after the chat is read", async () => {
    const { assistant, client } = await pair();
    const send = (text: string) =>
      server.api("POST", "/api/messages/send", { token: client.token, body: { recipientId: assistant.user.id, message: text } });
    const first = await send("Hello Maricel, are you free next week?");
    await send("Also: do you do bookkeeping?");
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

    await atTime(server, later(10), () => sweep(server.app));
    await settled();
    expect(kindsTo(assistant).filter((subject) => subject.includes("from Ramon Aquino"))).toEqual([]);

    await atTime(server, later(16), () => sweep(server.app));
    const mail = await mailTo(assistant, "2 new messages from Ramon Aquino");
    expect(mail.text).toContain("Also: do you do bookkeeping?");
    expect(mail.links).toContain(`${server.url}/chat/${client.user.id}`);
    expect(new URL(mail.links.find((link) => link.includes("/unsubscribe"))!).searchParams.get("k")).toBe("unreadMessages");
    // The sender wrote, so read: nothing to them.
    expect(kindsTo(client).filter((subject) => subject.includes("message"))).toEqual([]);

    await send("One more thing.");
    await atTime(server, later(40), () => sweep(server.app));
    await settled();
    expect(kindsTo(assistant).filter((subject) => subject.includes("from Ramon Aquino"))).toHaveLength(1);

    await server.api("PUT", `/api/chats/read/${first.body.chatId}`, { token: assistant.token });
    await send("Are you there?");
    await atTime(server, later(60), () => sweep(server.app));
    await mailTo(assistant, "New message from Ramon Aquino");
    expect(kindsTo(assistant).filter((subject) => subject.includes("from Ramon Aquino"))).toHaveLength(2);
  });
});

describe("the email queue across restarts", () => {
  it("keeps what was queued when the server stopped and sends it once when it is back", async () => {
    const box = await startMailbox();
    const dataDir = await mkdtemp(path.join(tmpdir(), "vam-restart-"));
    const pgliteDir = path.join(dataDir, "db");
    const pg = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : undefined;
    const open = () => (pg ? openDatabase({ url: pg.url, poolSize: 4 }) : openDatabase({ pgliteDir }));
    const config = loadConfig({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SWEEP_INTERVAL_SECONDS: "0",
      SMTP_URL: box.url,
      EMAIL_POLL_MS: "50",
      // The first server may try while the mail server refuses (a loaded machine inserts the three
      // rows across a poll): its retry then comes within seconds, not the default minute.
      EMAIL_RETRY_SECONDS: "1",
    });
    try {
      const first = await startServer(config, await open());
      // The mail server is down: the messages wait in the queue.
      box.refuse = true;
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const [row] = await first.database.db
          .insert(emailOutbox)
          .values({ toAddress: `queued${i}@example.ph`, kind: "verify", subject: `Queued ${i}`, textBody: "Hello", htmlBody: "<p>Hello</p>" })
          .returning();
        ids.push(row!.id);
      }
      await first.app.emailQueue.idle();
      await first.close();

      box.refuse = false;
      const second = await startServer(config, await open());
      try {
        for (let i = 0; i < 3; i++) await box.waitFor((m) => m.subject === `Queued ${i}`, 15_000);
        await second.app.emailQueue.idle();
        await second.app.emailQueue.drain();
        expect(box.received.map((m) => m.subject).sort()).toEqual(["Queued 0", "Queued 1", "Queued 2"]);
        expect(box.received.map((m) => m.messageId).sort()).toEqual(ids.map((id) => `<${id}@va-marketplace>`).sort());
        const rows = await second.database.db.select().from(emailOutbox);
        expect(rows.every((row) => row.sentAt !== null)).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      await box.close();
      await pg?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

const databaseUrl = process.env.DATABASE_URL;

// Two real server processes on one PostgreSQL database (.ci/run provides it).
describe.runIf(databaseUrl)("the email queue with two server processes", () => {
  it("sends each message exactly once", async () => {
    const box = await startMailbox();
    const database = await createPostgresDatabase(databaseUrl!);
    const reader = await openDatabase({ url: database.url, poolSize: 2 });
    const db = reader.db;
    const env = { DATABASE_URL: database.url, SMTP_URL: box.url, EMAIL_POLL_MS: "20", SWEEP_INTERVAL_SECONDS: "0" };
    const processes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    try {
      const count = 120;
      const rows = Array.from({ length: count }, (_, i) => ({
        toAddress: `race${i}@example.ph`,
        kind: "verify",
        subject: `Race ${i}`,
        textBody: "Hello",
        htmlBody: "<p>Hello</p>",
      }));
      // Written behind both servers' backs: their workers find them by polling, at the same moments.
      const inserted = await db.insert(emailOutbox).values(rows).returning({ id: emailOutbox.id });
      const until = Date.now() + 30_000;
      while (box.received.length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      // Time for any duplicate to arrive.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(box.received).toHaveLength(count);
      expect(new Set(box.received.map((m) => m.messageId)).size).toBe(count);
      expect(box.received.map((m) => m.messageId).sort()).toEqual(inserted.map((row) => `<${row.id}@va-marketplace>`).sort());
      const stored = await db.select().from(emailOutbox);
      expect(stored.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(processes.map((child) => child.stop()));
      await reader.close();
      await database.drop();
      await box.close();
    }
  });
});

describe("the sweep", () => {
  it("deletes sent and given-up emails after 30 days, and nothing waiting", async () => {
    const db = server.database.db;
    const row = (subject: string, at: Partial<Record<"sentAt" | "failedAt", ReturnType<typeof sql>>>) => ({
      toAddress: "old@example.ph",
      kind: "verify",
      subject,
      textBody: "x",
      htmlBody: "x",
      // Far ahead: the queue leaves the waiting one alone during the test.
      nextAttemptAt: sql`now() + interval '1 day'`,
      ...at,
    });
    const inserted = await db
      .insert(emailOutbox)
      .values([
        row("sent long ago", { sentAt: sql`now() - interval '31 days'` }),
        row("failed long ago", { failedAt: sql`now() - interval '31 days'` }),
        row("sent lately", { sentAt: sql`now() - interval '29 days'` }),
        row("waiting", {}),
      ])
      .returning({ id: emailOutbox.id, subject: emailOutbox.subject });
    await sweep(server.app);
    const left = await db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.id,
          inserted.map((item) => item.id),
        ),
      );
    expect(left.map((item) => item.subject).sort()).toEqual(["sent lately", "waiting"]);
  });
});

describe("without SMTP_URL", () => {
  it("writes each message to DATA_DIR/outbox as an .eml file", async () => {
    const local = await startTestServer({ EMAIL_POLL_MS: "0" });
    try {
      await signUp(local);
      await local.app.emailQueue.idle();
      await local.app.emailQueue.drain();
      const files = await readdir(path.join(local.config.dataDir, "outbox"));
      expect(files.filter((file) => file.endsWith(".eml"))).toHaveLength(1);
    } finally {
      await local.close();
    }
  });
});
