import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MSG,
  manilaToday,
  mondayOf,
  shiftDate,
  weekdayAhead,
  type AdminPage,
  type AdminPayment,
  type AdminStats,
  type AdminUser,
  type AdminUserDetail,
  type AppNotification,
  type AuditEntry,
  type Booking,
  type ProfilePage,
} from "@vam/shared";
import { bookings } from "../src/db/schema.js";
import { bookingIn, book, storedBooking, type Account } from "./helpers/bookings.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";
import { collect, connectSocket, settle } from "./helpers/sockets.js";

let server: TestServer;
let operator: Account;
let client: Account;
let consultant: Account;
beforeAll(async () => {
  server = await startTestServer();
  [operator, client, consultant] = await Promise.all([
    signUpOperator(server, { firstName: "Olivia" }),
    signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Reyes" }),
    signUp(server, { role: "Assistant", firstName: "Maria", lastName: "Santos" }),
  ]);
});
afterAll(() => server?.close());

let day = 0;
const nextDay = () => weekdayAhead(++day);
const payments = async (query = "") => (await server.api<AdminPayment[]>("GET", `/api/admin/payments${query}`, { token: operator.token })).body;
const decide = (bookingId: string, status: string) =>
  server.api<{ booking: AdminPayment; message?: string }>("PUT", `/api/admin/payments/${bookingId}`, { token: operator.token, body: { status } });
const bookingNotes = async (account: Account, bookingId: string) =>
  (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: account.token })).body.filter(
    (n) => n.type === "BOOKING" && n.entityId === bookingId && n.title !== "New booking",
  );
const audit = async () => (await server.api<AdminPage<AuditEntry>>("GET", "/api/admin/audit", { token: operator.token })).body.items;

describe("payment verification", () => {
  it("lists unverified bookings with reference, amount and parties; marking received makes them PAID, tells both parties live, and is audited", async () => {
    const { booking } = (await book(server, client, { consultantId: consultant.user.id, date: nextDay() })).body;
    expect(booking.paymentStatus).toBe("UNVERIFIED");
    const listed = (await payments()).find((p) => p.id === booking.id);
    expect(listed).toMatchObject({
      reference: booking.paymentReference,
      amount: 5000,
      status: "PENDING",
      paymentStatus: "UNVERIFIED",
      client: { id: client.user.id, firstName: "Ramon" },
      assistant: { id: consultant.user.id, firstName: "Maria" },
      ageHours: 0,
    });

    const socket = await connectSocket(server.url, consultant.token);
    const changes = collect(socket, "bookingChanged");
    const response = await decide(booking.id, "PAID");
    await settle();
    socket.close();
    expect(response.status).toBe(200);
    expect(response.body.booking).toMatchObject({ paymentStatus: "PAID", status: "PENDING" });
    expect((await storedBooking(server, booking.id)).paymentStatus).toBe("PAID");
    expect(changes.map((c) => [c.booking.id, c.booking.paymentStatus])).toEqual([[booking.id, "PAID"]]);
    for (const party of [client, consultant]) {
      expect((await bookingNotes(party, booking.id)).map((n) => n.title)).toEqual(["Payment received"]);
    }
    // Both parties see it in their lists.
    const seen = (await server.api<{ booking: Booking }>("GET", `/api/bookings/${booking.id}`, { token: client.token })).body;
    expect(seen.booking.paymentStatus).toBe("PAID");
    expect((await payments()).some((p) => p.id === booking.id)).toBe(false);
    expect((await audit())[0]).toMatchObject({
      action: "payment.received",
      entityType: "payment",
      actor: { id: operator.user.id },
      before: { reference: booking.paymentReference, paymentStatus: "UNVERIFIED", status: "PENDING" },
      after: { paymentStatus: "PAID", status: "PENDING" },
    });

    // A decided payment cannot be decided again.
    const again = await decide(booking.id, "REJECTED");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.paymentAlreadyDecided("Paid"));
    expect((await storedBooking(server, booking.id)).status).toBe("PENDING");
  });

  it("marking not received rejects the payment and cancels the booking, freeing its slot", async () => {
    const date = nextDay();
    const { booking } = (await book(server, client, { consultantId: consultant.user.id, date })).body;
    const response = await decide(booking.id, "REJECTED");
    expect(response.status).toBe(200);
    const row = await storedBooking(server, booking.id);
    expect(row).toMatchObject({ paymentStatus: "REJECTED", status: "CANCELLED", cancelReason: "PAYMENT_REJECTED", sequence: 1 });
    for (const party of [client, consultant]) {
      const notes = await bookingNotes(party, booking.id);
      expect(notes.map((n) => n.title)).toEqual(["Payment not received"]);
      expect(notes[0]!.content).toContain("was cancelled");
    }
    const available = await server.api<string[]>("GET", `/api/bookings/available?date=${date}&consultantId=${consultant.user.id}`);
    expect(available.body).toContain("09:00");
    expect((await audit())[0]).toMatchObject({ action: "payment.rejected", after: { paymentStatus: "REJECTED", status: "CANCELLED" } });
  });

  it("refuses to decide the payment of a cancelled booking, and bad decisions", async () => {
    const booking = await bookingIn(server, client, consultant, "CANCELLED", { date: nextDay() }, { paymentStatus: "UNVERIFIED" });
    const response = await decide(booking.id, "PAID");
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(MSG.paymentBookingClosed);
    const bad = await decide(booking.id, "VERIFIED");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.paymentDecisionInvalid);
    expect((await decide("00000000-0000-4000-8000-000000000001", "PAID")).status).toBe(404);
  });

  it("filters by age and finds a booking by its reference or a party's name", async () => {
    const other = await signUp(server, { role: "Assistant", firstName: "Josefina", lastName: "Bautista" });
    const fresh = (await book(server, client, { consultantId: other.user.id, date: nextDay() })).body.booking;
    const old = (await book(server, client, { consultantId: other.user.id, date: nextDay() })).body.booking;
    await server.database.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - 13 * 3600_000) })
      .where(eq(bookings.id, old.id));
    const ids = (list: AdminPayment[]) => list.map((p) => p.id);

    expect(ids(await payments("?age=under1h"))).toContain(fresh.id);
    expect(ids(await payments("?age=under1h"))).not.toContain(old.id);
    expect(ids(await payments("?age=over12h"))).toEqual([old.id]);
    expect((await payments("?age=over12h"))[0]!.ageHours).toBe(13);
    expect(ids(await payments("?age=1to12h"))).toEqual([]);
    // Each payment has its own reference: written in full, as a person types it, or in part.
    expect(ids(await payments(`?q=${fresh.paymentReference}`))).toEqual([fresh.id]);
    expect(ids(await payments(`?q=${fresh.paymentReference.toLowerCase().replace("-", " ")}`))).toEqual([fresh.id]);
    expect(ids(await payments(`?q=${old.paymentReference.slice(3)}`))).toEqual([old.id]);
    expect(ids(await payments("?q=josefina")).sort()).toEqual([fresh.id, old.id].sort());
    expect(await payments("?q=nobody-like-this")).toEqual([]);
    const bad = await server.api("GET", "/api/admin/payments?age=forever", { token: operator.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.adminAgeInvalid);
  });
});

describe("suspending an account", () => {
  it("ends its sessions and sockets, refuses its sign-in, hides its listing and postings, keeps its bookings; restoring undoes it", async () => {
    const va = await signUp(server, { role: "Assistant", firstName: "Suspended", lastName: "Person" });
    expect((await server.api("POST", "/api/profiles/profile", { token: va.token })).status).toBe(201);
    const booking = await bookingIn(server, client, va, "CONFIRMED", { date: nextDay() });
    const socket = await connectSocket(server.url, va.token);
    const disconnected = new Promise<string>((resolve) => socket.on("disconnect", (reason) => resolve(reason)));
    const searchFor = async () =>
      (await server.api<ProfilePage>("GET", "/api/profiles/posts?userName=Suspended")).body.items.map((item) => item.userId);
    expect(await searchFor()).toContain(va.user.id);

    const response = await server.api<{ user: AdminUser }>("PUT", `/api/admin/users/${va.user.id}/suspension`, {
      token: operator.token,
      body: { suspended: true },
    });
    expect(response.status).toBe(200);
    expect(response.body.user.suspendedAt).toEqual(expect.any(String));
    expect(await disconnected).toBe("io server disconnect");
    expect((await server.api("GET", "/api/users/verify", { token: va.token })).status).toBe(401);
    const login = await server.api("POST", "/api/auth/login", { body: { username: va.input.username, password: va.input.password } });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(MSG.accountSuspended);
    await expect(connectSocket(server.url, va.token)).rejects.toThrow();
    expect(await searchFor()).not.toContain(va.user.id);
    expect((await server.api("GET", `/api/profiles/${va.user.id}`)).status).toBe(404);
    expect((await server.api("GET", `/api/bookings/consultant/${va.user.id}`)).status).toBe(404);
    // The other party keeps the booking.
    const kept = await server.api<{ booking: Booking }>("GET", `/api/bookings/${booking.id}`, { token: client.token });
    expect(kept.body.booking.status).toBe("CONFIRMED");
    const detail = await server.api<AdminUserDetail>("GET", `/api/admin/users/${va.user.id}`, { token: operator.token });
    expect(detail.body.bookings.map((b) => b.id)).toEqual([booking.id]);
    expect((await audit())[0]).toMatchObject({ action: "user.suspended", entityId: va.user.id, before: { suspendedAt: null } });

    await server.api("PUT", `/api/admin/users/${va.user.id}/suspension`, { token: operator.token, body: { suspended: false } });
    expect((await server.api("POST", "/api/auth/login", { body: { username: va.input.username, password: va.input.password } })).status).toBe(200);
    expect(await searchFor()).toContain(va.user.id);
    expect((await audit())[0]).toMatchObject({ action: "user.restored", entityId: va.user.id, after: { suspendedAt: null } });
  });

  it("an operator cannot suspend themselves; users can be searched and promoted", async () => {
    const self = await server.api("PUT", `/api/admin/users/${operator.user.id}/suspension`, { token: operator.token, body: { suspended: true } });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe(MSG.cannotSuspendSelf);

    const helper = await signUp(server, { role: "Sharer", firstName: "Teodoro", lastName: "Aquino" });
    const found = await server.api<AdminPage<AdminUser>>("GET", "/api/admin/users?q=teodoro aquino", { token: operator.token });
    expect(found.body.items.map((u) => u.id)).toEqual([helper.user.id]);
    expect(found.body.items[0]!.email).toBe(helper.input.email);
    const promoted = await server.api<{ user: AdminUser }>("POST", `/api/admin/users/${helper.user.id}/promote`, { token: operator.token });
    expect(promoted.body.user.role).toBe("Operator");
    expect((await server.api("GET", "/api/admin/stats", { token: helper.token })).status).toBe(200);
    expect((await server.api("POST", `/api/admin/users/${helper.user.id}/promote`, { token: operator.token })).status).toBe(409);
    expect((await audit())[0]).toMatchObject({ action: "user.promoted", before: { role: "Sharer" }, after: { role: "Operator" } });
  });
});

describe("the figures of the business", () => {
  it("counts bookings and pesos by status and week, rewards, active users and totals", async () => {
    const stats = (await server.api<AdminStats>("GET", "/api/admin/stats", { token: operator.token })).body;
    expect(stats.weeks).toHaveLength(12);
    const mine = await server.database.db.select().from(bookings);
    const made = (status: string) => mine.filter((b) => b.status === status);
    // Every booking of these tests was made within the last two weeks, so the 12 weeks hold them all.
    for (const status of ["PENDING", "CONFIRMED", "COMPLETED", "CANCELLED"] as const) {
      const total = (field: "count" | "pesos") => stats.weeks.reduce((sum, week) => sum + week.byStatus[status][field], 0);
      expect(total("count")).toBe(made(status).length);
      expect(total("pesos")).toBe(made(status).reduce((sum, b) => sum + b.price, 0));
    }
    // Weeks start on a Monday (Manila) and follow each other; the last one is this week.
    for (const [index, week] of stats.weeks.entries()) {
      expect(mondayOf(week.weekStart)).toBe(week.weekStart);
      if (index > 0) expect(week.weekStart).toBe(shiftDate(stats.weeks[index - 1]!.weekStart, 7));
    }
    expect(stats.weeks.at(-1)!.weekStart).toBe(mondayOf(manilaToday()));
    expect(stats.totals.bookings).toBe(mine.length);
    expect(stats.totals.paymentsWaiting).toBe(
      mine.filter((b) => b.paymentStatus === "UNVERIFIED" && (b.status === "PENDING" || b.status === "CONFIRMED")).length,
    );
    expect(stats.totals.pesosPaid).toBe(mine.filter((b) => b.paymentStatus === "PAID").reduce((sum, b) => sum + b.price, 0));
    expect(stats.activeUsers.last30Days).toBeGreaterThanOrEqual(3);
    expect(stats.rewards).toEqual({ count: 0, pesos: 0 });
  });
});
