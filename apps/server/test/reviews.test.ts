import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MSG,
  REVIEW_PAGE_SIZE,
  weekdayAhead,
  type AppNotification,
  type Booking,
  type ProfilePage,
  type ReviewPage,
  type UserProfile,
} from "@vam/shared";
import { sweep } from "../src/bookings/sweep.js";
import { atTime, bookingIn, type Account } from "./helpers/bookings.js";
import { signUp, signUpOperator, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
let client: Account;
let consultant: Account;
let operator: Account;
beforeAll(async () => {
  server = await startTestServer();
  [client, consultant, operator] = await Promise.all([
    signUp(server, { role: "Boss", firstName: "Ramon", lastName: "Reyes" }),
    signUp(server, { role: "Assistant", firstName: "Reviewed", lastName: "Santos" }),
    signUpOperator(server),
  ]);
  await server.api("POST", "/api/profiles/profile", { token: consultant.token });
});
afterAll(() => server?.close());

let day = 0;
const DAY = 24 * 3600_000;
const completed = () => bookingIn(server, client, consultant, "COMPLETED", { date: weekdayAhead(++day) });
const review = (account: Account, bookingId: string, body: unknown) =>
  server.api<{ booking: Booking; message: string }>("POST", `/api/bookings/${bookingId}/review`, { token: account.token, body });
const seenBy = async (account: Account, bookingId: string) =>
  (await server.api<{ booking: Booking }>("GET", `/api/bookings/${bookingId}`, { token: account.token })).body.booking.reviews;
const profile = async () => (await server.api<UserProfile>("GET", `/api/profiles/${consultant.user.id}`)).body;
const published = async (cursor?: string) =>
  (await server.api<ReviewPage>("GET", `/api/profiles/${consultant.user.id}/reviews${cursor ? `?cursor=${cursor}` : ""}`)).body;
const reviewNotes = async (account: Account) =>
  (await server.api<AppNotification[]>("GET", "/api/users/notifications", { token: account.token })).body.filter((n) => n.type === "REVIEW");

describe("reviews", () => {
  it("start as 'New', are double-blind until both parties wrote theirs, then count in the rating and tell each subject", async () => {
    expect(await profile()).toMatchObject({ rating: null, reviewCount: 0 });
    const booking = await completed();

    const first = await review(client, booking.id, { rating: 4, text: "Fast and careful work." });
    expect(first.status).toBe(201);
    expect(first.body.booking.reviews).toMatchObject({ mine: { rating: 4, text: "Fast and careful work.", publishedAt: null }, theirs: null });
    // The consultant knows a review is waiting but cannot read it yet; nobody else can either.
    expect(await seenBy(consultant, booking.id)).toMatchObject({ mine: null, theirs: null, theirsSubmitted: true });
    expect((await published()).items).toEqual([]);
    expect(await profile()).toMatchObject({ rating: null, reviewCount: 0 });
    expect(await reviewNotes(consultant)).toEqual([]);
    // Search has the card as 'New' (and keeps that answer in its cache for a few seconds).
    const cardsBefore = (await server.api<ProfilePage>("GET", "/api/profiles/posts?userName=Reviewed")).body.items;
    expect(cardsBefore.find((card) => card.userId === consultant.user.id)).toMatchObject({ rating: null, reviewCount: 0 });

    const second = await review(consultant, booking.id, { rating: 5, text: "A clear brief, paid on time." });
    expect(second.status).toBe(201);
    expect(second.body.booking.reviews).toMatchObject({ mine: { rating: 5 }, theirs: { rating: 4, text: "Fast and careful work." } });
    expect((await seenBy(client, booking.id)).theirs).toMatchObject({ rating: 5, author: { firstName: "Reviewed" } });
    expect(await profile()).toMatchObject({ rating: 4, reviewCount: 1 });
    expect((await published()).items.map((r) => r.rating)).toEqual([4]);
    expect((await reviewNotes(consultant)).map((n) => [n.entityId, n.content])).toEqual([[booking.id, "Ramon Reyes reviewed you: 4 stars."]]);
    expect(await reviewNotes(client)).toHaveLength(1);
    // The listing card carries the rating at once: publishing clears search's cache.
    const cards = (await server.api<ProfilePage>("GET", "/api/profiles/posts?userName=Reviewed")).body.items;
    expect(cards.find((card) => card.userId === consultant.user.id)).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it("allows one review per party per booking (409 for a second, also when sent twice at once)", async () => {
    const booking = await completed();
    const answers = await Promise.all([1, 2, 3].map(() => review(client, booking.id, { rating: 3 })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(MSG.reviewExists);
  });

  it("publishes a lone review when the 14 days are over, and refuses reviews after that or before completion", async () => {
    const booking = await completed();
    expect((await review(consultant, booking.id, { rating: 2, text: "Late to every call." })).status).toBe(201);
    const completedAt = Date.parse((await seenBy(client, booking.id)).closesAt!) - 14 * DAY;

    await atTime(server, new Date(completedAt + 13 * DAY), () => sweep(server.app));
    expect((await seenBy(client, booking.id)).theirs).toBeNull();
    await atTime(server, new Date(completedAt + 14 * DAY + 1000), () => sweep(server.app));
    expect((await seenBy(client, booking.id)).theirs).toMatchObject({ rating: 2, text: "Late to every call." });
    expect((await reviewNotes(client)).some((n) => n.entityId === booking.id)).toBe(true);

    const late = await atTime(server, new Date(completedAt + 14 * DAY + 1000), () => review(client, booking.id, { rating: 5 }));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MSG.reviewWindowClosed);

    const upcoming = await bookingIn(server, client, consultant, "CONFIRMED", { date: weekdayAhead(++day) });
    const early = await review(client, upcoming.id, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MSG.reviewNotCompleted);
  });

  it("refuses bad input with 400 and strangers with 404", async () => {
    const booking = await completed();
    for (const rating of [0, 6, 4.5, "5", null]) {
      const response = await review(client, booking.id, { rating });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(MSG.reviewRatingInvalid);
    }
    const long = await review(client, booking.id, { rating: 5, text: "a".repeat(1001) });
    expect([long.status, long.body.message]).toEqual([400, MSG.reviewTextTooLong]);
    const control = await review(client, booking.id, { rating: 5, text: "bad\u0000byte" });
    expect([control.status, control.body.message]).toEqual([400, MSG.textControl]);
    const stranger = await signUp(server, { role: "Boss" });
    expect((await review(stranger, booking.id, { rating: 5 })).status).toBe(404);
    // Markup is kept as plain text, never interpreted.
    const ok = await review(client, booking.id, { rating: 5, text: "  <b>Great</b>\nwork  " });
    expect(ok.body.booking.reviews.mine?.text).toBe("<b>Great</b>\nwork");
  });

  it("can be hidden and shown again by an operator; the average follows", async () => {
    const before = await profile();
    const booking = await completed();
    await review(client, booking.id, { rating: 1, text: "Spam spam spam" });
    await review(consultant, booking.id, { rating: 5 });
    const withIt = await profile();
    expect(withIt.reviewCount).toBe(before.reviewCount + 1);
    const hidden = (await published()).items.find((r) => r.bookingId === booking.id)!;

    const response = await server.api("PUT", `/api/admin/reviews/${hidden.id}/visibility`, { token: operator.token, body: { hidden: true } });
    expect(response.status).toBe(200);
    expect(response.body.review.hiddenAt).toEqual(expect.any(String));
    expect(await profile()).toMatchObject({ rating: before.rating, reviewCount: before.reviewCount });
    expect((await published()).items.some((r) => r.id === hidden.id)).toBe(false);
    expect(await seenBy(consultant, booking.id)).toMatchObject({ theirs: null, theirsHidden: true });
    // The author still sees their own review; nothing of theirs was hidden.
    expect(await seenBy(client, booking.id)).toMatchObject({ mine: { rating: 1 }, theirsHidden: false });

    await server.api("PUT", `/api/admin/reviews/${hidden.id}/visibility`, { token: operator.token, body: { hidden: false } });
    expect(await profile()).toMatchObject({ rating: withIt.rating, reviewCount: withIt.reviewCount });
  });

  it("averages the published reviews and pages them newest first", async () => {
    for (let i = 0; i < REVIEW_PAGE_SIZE + 2; i++) {
      const booking = await completed();
      await review(client, booking.id, { rating: i % 2 === 0 ? 5 : 4 });
      await review(consultant, booking.id, { rating: 5 });
    }
    const first = await published();
    expect(first.items).toHaveLength(REVIEW_PAGE_SIZE);
    const second = await published(first.nextCursor!);
    const all = [...first.items, ...second.items];
    expect(second.nextCursor).toBeNull();
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const times = all.map((r) => Date.parse(r.publishedAt!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const average = all.reduce((sum, r) => sum + r.rating, 0) / all.length;
    const shown = await profile();
    expect(shown.reviewCount).toBe(all.length);
    expect(shown.rating).toBeCloseTo(average, 4);

    const bad = await server.api(
      "GET",
      `/api/profiles/${consultant.user.id}/reviews?cursor=${Buffer.from('{"publishedAt":"2026-99-99T00:00:00Z","id":"------------------------------------"}').toString("base64url")}`,
    );
    expect([bad.status, bad.body.message]).toEqual([400, MSG.invalidCursor]);
  });
});
