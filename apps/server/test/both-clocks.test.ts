import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppNotification, Booking, ChatWithMessages } from "@vam/shared";
import { bookings, users } from "../src/db/schema.js";
import { sweep } from "../src/bookings/sweep.js";
import { atTime, book, bookSeries, setStatus, type Account } from "./helpers/bookings.js";
import { startMailbox, type Mailbox } from "./helpers/mailbox.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

/**
 * Both clocks in what the server writes (decisions.md, "Time zones"): every booking time in an
 * email or a notification gives its recipient's own time beside Manila's where the two differ; a
 * recipient in Manila, or whose zone is not known, reads the texts as they always were.
 * Tuesday, January 12, 2027 at 9:00 AM Manila is Monday 5:00 PM in Los Angeles and 1:00 AM in London.
 */

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

/** The server's clock for every step: a week before the bookings. */
const NOW = new Date("2027-01-04T00:00:00Z");
const at = <T>(action: () => Promise<T>) => atTime(server, NOW, action);
const DATE = "2027-01-12";

async function person(role: "Boss" | "Assistant", timeZone: string | null) {
  const account = await signUp(
    server,
    role === "Boss" ? { role, firstName: "Ramon", lastName: "Aquino" } : { role, firstName: "Maricel", lastName: "Ocampo" },
  );
  await server.database.db.update(users).set({ timeZone }).where(eq(users.id, account.user.id));
  return account;
}

const mailTo = (account: Account, prefix: string) =>
  mailbox.waitFor((m) => m.to.includes(account.input.email.toLowerCase()) && m.subject.startsWith(prefix));

async function notices(account: Account, title: string) {
  const list = (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: account.token })).body;
  return list.filter((notification) => notification.title === title).map((notification) => notification.content);
}

const MANILA = "Tuesday, January 12, 2027 at 9:00 AM";
const LA = `${MANILA} Manila · Mon, Jan 11, 5:00 PM your time`;
const LONDON = `${MANILA} Manila · 1:00 AM your time`;

describe("booking emails in both clocks", () => {
  it("give a client in Los Angeles both times; the Assistant with no zone reads Manila's alone, as before", async () => {
    const client = await person("Boss", "America/Los_Angeles");
    const assistant = await person("Assistant", null);
    const made = await at(() => book(server, client, { consultantId: assistant.user.id, date: DATE }));
    expect(made.status).toBe(201);
    const booking: Booking = made.body.booking;

    const toClient = await mailTo(client, "Booking requested: ");
    expect(toClient.subject).toBe(`Booking requested: Maricel Ocampo, ${LA}`);
    expect(toClient.text).toContain(`You asked to book Maricel Ocampo for ${LA}.`);
    const clientWhen = `${MANILA} to 1:00 PM Manila · Mon, Jan 11, 5:00 PM to 9:00 PM your time`;
    expect(toClient.text).toContain(`When: ${clientWhen}\n`);
    expect(toClient.html).toContain(clientWhen);

    const toAssistant = await mailTo(assistant, "New booking: ");
    expect(toAssistant.subject).toBe(`New booking: Ramon Aquino, ${MANILA}`);
    expect(toAssistant.text).toContain(`Ramon Aquino booked you for ${MANILA}.`);
    expect(toAssistant.text).toContain(`When: ${MANILA} to 1:00 PM\n`);
    expect(toAssistant.text).not.toContain("your time");
    expect(toAssistant.text).not.toContain("Manila ·");

    // Accepted: the client's notification in both clocks too.
    expect((await at(() => setStatus(server, assistant, booking.id, "CONFIRMED"))).status).toBe(200);
    expect(await notices(client, "Booking confirmed")).toEqual([`Maricel Ocampo confirmed the booking on ${LA}.`]);
    expect((await mailTo(client, "Booking accepted: ")).subject).toBe(`Booking accepted: ${LA}`);

    // The reminder a day before: its subject keeps it short, with the client's time.
    await atTime(server, new Date(Date.parse(booking.startsAt) - 23 * 3600_000), () => sweep(server.app));
    expect((await mailTo(client, "Reminder: ")).subject).toBe(
      "Reminder: tomorrow at 9:00 AM Manila · Mon, Jan 11, 5:00 PM your time, with Maricel Ocampo",
    );
    expect((await mailTo(assistant, "Reminder: ")).subject).toBe("Reminder: tomorrow at 9:00 AM, with Ramon Aquino");
  });

  it("name the recipient's date in the When row even where it is Manila's (London), and a payment decision tells each in their clock", async () => {
    const client = await person("Boss", "Europe/London");
    const assistant = await person("Assistant", "Asia/Manila");
    const made = await at(() => book(server, client, { consultantId: assistant.user.id, date: DATE }));
    const booking: Booking = made.body.booking;
    const toClient = await mailTo(client, "Booking requested: ");
    expect(toClient.subject).toBe(`Booking requested: Maricel Ocampo, ${LONDON}`);
    expect(toClient.text).toContain(`When: ${MANILA} to 1:00 PM Manila · Tue, Jan 12, 1:00 AM to 5:00 AM your time\n`);
    expect((await mailTo(assistant, "New booking: ")).text).toContain(`When: ${MANILA} to 1:00 PM\n`);

    const operator = await signUpOperator(server);
    const paid = await at(() => server.api("PUT", `/api/admin/payments/${booking.id}`, { token: operator.token, body: { status: "PAID" } }));
    expect(paid.status).toBe(200);
    const [toClientNotice] = await notices(client, "Payment received");
    expect(toClientNotice).toContain(`for the booking on ${LONDON} was received.`);
    const [toAssistantNotice] = await notices(assistant, "Payment received");
    expect(toAssistantNotice).toContain(`for the booking on ${MANILA} was received.`);
    expect((await mailTo(client, "Payment verified: ")).subject).toBe(`Payment verified: ${LONDON}`);
    const [stored] = await server.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(stored!.paymentStatus).toBe("PAID");
  });
});

describe("notifications of a new booking and of the platform's cancellation in both clocks", () => {
  it("tell an Assistant abroad of a new booking, and each party of the operator's cancellation, in their own clock", async () => {
    const client = await person("Boss", "Europe/London");
    const assistant = await person("Assistant", "America/Los_Angeles");
    const made = await at(() => book(server, client, { consultantId: assistant.user.id, date: DATE }));
    const booking: Booking = made.body.booking;
    expect(await notices(assistant, "New booking")).toEqual([`Ramon Aquino booked ${LA} for 4 hours.`]);

    const operator = await signUpOperator(server);
    const cancelled = await at(() =>
      server.api("PUT", `/api/admin/bookings/${booking.id}/cancel`, { token: operator.token, body: { reason: "Duplicate booking" } }),
    );
    expect(cancelled.status).toBe(200);
    expect((await notices(client, "Booking cancelled"))[0]).toContain(LONDON);
    expect((await notices(assistant, "Booking cancelled"))[0]).toContain(LA);
  });
});

describe("weekly series notices in both clocks", () => {
  it("are written for each recipient's zone; the cancellation's chat message says its time is Manila's", async () => {
    const client = await person("Boss", "America/Los_Angeles");
    const assistant = await person("Assistant", "Europe/London");
    const created = await at(() => bookSeries(server, client, { consultantId: assistant.user.id, date: DATE, weeks: 3 }));
    expect(created.status).toBe(201);
    const seriesId = created.body.bookings[0]!.seriesId!;
    expect(await notices(assistant, "New weekly booking")).toEqual([`Ramon Aquino booked 3 weekly dates from ${LONDON} for 4 hours each.`]);

    expect((await at(() => server.api("PUT", `/api/bookings/series/${seriesId}/accept`, { token: assistant.token }))).status).toBe(200);
    expect(await notices(client, "Weekly booking confirmed")).toEqual([`Maricel Ocampo confirmed 3 weekly dates from ${LA}.`]);

    expect((await at(() => server.api("PUT", `/api/bookings/series/${seriesId}/cancel`, { token: client.token }))).status).toBe(200);
    expect(await notices(assistant, "Weekly booking cancelled")).toEqual([`Ramon Aquino cancelled the remaining 3 weekly dates from ${LONDON}.`]);
    expect(await chatTexts(assistant)).toContain(
      `I've canceled the rest of our weekly bookings: 3 dates from ${MANILA} Manila. Please let me know if you'd like to book again.`,
    );
  });

  it("keep the chat message as it was when both read Manila's clock", async () => {
    const client = await person("Boss", null);
    const assistant = await person("Assistant", "Asia/Manila");
    const created = await at(() => bookSeries(server, client, { consultantId: assistant.user.id, date: DATE, weeks: 2 }));
    expect(created.status).toBe(201);
    const seriesId = created.body.bookings[0]!.seriesId!;
    expect(await notices(assistant, "New weekly booking")).toEqual([`Ramon Aquino booked 2 weekly dates from ${MANILA} for 4 hours each.`]);
    expect((await at(() => server.api("PUT", `/api/bookings/series/${seriesId}/cancel`, { token: assistant.token }))).status).toBe(200);
    expect(await chatTexts(client)).toContain(
      `I've canceled the rest of our weekly bookings: 2 dates from ${MANILA}. Please let me know if you'd like to book again.`,
    );
  });
});

async function chatTexts(account: Account) {
  const [listed] = (await server.api<{ id: string }[]>("GET", "/api/chats", { token: account.token })).body;
  const chat = (await server.api<ChatWithMessages>("GET", `/api/chats/${listed!.id}`, { token: account.token })).body;
  return chat.messages.map((message) => message.text);
}
