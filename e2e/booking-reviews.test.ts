import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { MSG, formatLongDate, weekdayAhead, type Booking } from "@vam/shared";
import { bookings, payments, reviews } from "../apps/server/src/db/schema.js";
import { paymentsOfBookings } from "../apps/server/src/payments/public.js";
import { refreshRating } from "../apps/server/src/reviews/queries.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { apiAs, expectNoHorizontalOverflow, logIn, paidAndOver, registerViaApi } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const DAY_MS = 86_400_000;
const PHONE = { width: 390, height: 844 };

const api = <T>(username: string, method: string, path: string, body?: unknown) => apiAs<T>(e2e, username, method, path, body);

/** A booking made, accepted, paid, over and completed; answers its (past) Manila date. */
async function completedBooking(client: string, assistant: string, consultantId: string, date: string, startTime: string) {
  const { booking } = await api<{ booking: Booking }>(client, "POST", "/bookings/create", { consultantId, date, startTime, duration: 4 });
  await api(assistant, "PUT", `/bookings/${booking.id}/status`, { status: "CONFIRMED" });
  const pastDate = await paidAndOver(e2e, booking.id);
  await api(assistant, "PUT", `/bookings/${booking.id}/status`, { status: "COMPLETED" });
  return { id: booking.id, date: pastDate };
}

const card = (page: Page, name: string, date: string) => page.getByRole("article", { name: `Booking with ${name} on ${formatLongDate(date)}` });

describe("reviewing a completed booking", () => {
  it("both parties review each other through the star dialog; reviews stay hidden until both are written, then show on the profile", async () => {
    await registerViaApi(e2e, { username: "rosa_client", firstName: "Rosa", lastName: "Diaz", role: "Boss" });
    const ella = await registerViaApi(e2e, { username: "ella_va", firstName: "Ella", lastName: "Cruz", role: "Assistant" });
    await api("ella_va", "POST", "/profiles/profile", {});
    const reviewed = await completedBooking("rosa_client", "ella_va", ella.id, weekdayAhead(2), "09:00");
    const unreviewed = await completedBooking("rosa_client", "ella_va", ella.id, weekdayAhead(3), "13:00");

    // The client finds the completed booking in Past, paid, with "Write a review".
    const client = (await e2e.newPage()).page;
    await logIn(client, "rosa_client");
    await client.goto("/bookings");
    await client.getByRole("tab", { name: "Past" }).click();
    const item = card(client, "Ella Cruz", reviewed.date);
    await item.getByText("Completed", { exact: true }).waitFor();
    await item.getByText("Paid", { exact: true }).waitFor();
    const write = item.getByRole("button", { name: "Write a review" });
    await write.waitFor();
    await e2e.screenshot(client, "reviews-bookings-completed");

    // The dialog: Escape closes it and focus returns to the button.
    await write.click();
    const dialog = client.getByRole("dialog", { name: "Review Ella Cruz" });
    await dialog.waitFor();
    await client.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await client.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Write a review");

    // No stars yet: the dialog says so and puts focus on the stars; arrows move as in any radio group.
    await write.click();
    const rating = dialog.getByRole("radiogroup", { name: "Rating" });
    expect(await rating.getByRole("radio").count()).toBe(5);
    await dialog.getByRole("button", { name: "Submit review" }).click();
    await dialog.getByText(MSG.reviewRatingInvalid).waitFor();
    expect(await client.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("1 star");
    await client.keyboard.press("ArrowRight");
    await client.keyboard.press("ArrowRight");
    await client.keyboard.press("ArrowRight");
    expect(await dialog.getByRole("radio", { name: "4 stars" }).isChecked()).toBe(true);
    await e2e.screenshot(client, "reviews-dialog-keyboard");
    await dialog.getByRole("radio", { name: "5 stars" }).check();
    expect(await dialog.getByRole("radio", { name: "4 stars" }).isChecked()).toBe(false);

    // The optional text counts its characters; a long word must not widen anything.
    const longWord = "superlativelyorganised".repeat(6);
    const text = `Ella kept every deadline.\nWould book again: ${longWord}`;
    const box = dialog.getByRole("textbox", { name: "Your review (optional)" });
    await dialog.getByText("0/1000 characters").waitFor();
    await box.fill(text);
    await dialog.getByText(`${text.length}/1000 characters`).waitFor();
    expect(await box.getAttribute("maxlength")).toBe("1000");
    await e2e.screenshot(client, "reviews-dialog-desktop");
    await expectNoSeriousA11yViolations(client, '[role="dialog"]');

    await dialog.getByRole("button", { name: "Submit review" }).click();
    await client.getByText(MSG.reviewSubmittedToast).waitFor();
    await dialog.waitFor({ state: "detached" });

    // Her own review shows; Ella's is awaited; no second review.
    await item.getByText("Your review", { exact: true }).waitFor();
    await item.getByRole("img", { name: "5 of 5 stars" }).waitFor();
    await item.getByText(longWord, { exact: false }).waitFor();
    await item.getByText("Waiting for Ella's review: reviews appear once both are written or the 14 days are over").waitFor();
    expect(await item.getByRole("button", { name: "Write a review" }).count()).toBe(0);
    await e2e.screenshot(client, "reviews-bookings-waiting");
    await expectNoSeriousA11yViolations(client, "main");
    await client.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(client);
    await e2e.screenshot(client, "reviews-bookings-waiting-phone");
    await client.setViewportSize({ width: 1280, height: 800 });

    // The assistant, on a phone, is told a review of her is waiting for hers.
    const assistant = (await e2e.newPage()).page;
    await assistant.setViewportSize(PHONE);
    await logIn(assistant, "ella_va");
    await assistant.goto("/booking-dashboard");
    await assistant.getByRole("tab", { name: "Past" }).click();
    const dashboardCard = card(assistant, "Rosa Diaz", reviewed.date);
    await dashboardCard.getByText("Rosa has reviewed you. Their review shows once you write yours.").waitFor();
    // Double-blind: nothing of Rosa's review shows yet.
    expect(await dashboardCard.getByText(longWord, { exact: false }).count()).toBe(0);
    await e2e.screenshot(assistant, "reviews-dashboard-phone");
    await dashboardCard.getByRole("button", { name: "Write a review" }).click();
    const phoneDialog = assistant.getByRole("dialog", { name: "Review Rosa Diaz" });
    await phoneDialog.getByRole("radio", { name: "4 stars" }).check();
    await phoneDialog.getByRole("textbox", { name: "Your review (optional)" }).fill("Clear brief, paid on time.");
    await e2e.screenshot(assistant, "reviews-dialog-phone");
    await phoneDialog.getByRole("button", { name: "Submit review" }).click();
    await assistant.getByText(MSG.reviewSubmittedToast).waitFor();

    // Both are written: both show, to both.
    await dashboardCard.getByText("Rosa's review", { exact: true }).waitFor();
    await dashboardCard.getByText("Your review", { exact: true }).waitFor();
    await dashboardCard.getByRole("img", { name: "5 of 5 stars" }).waitFor();
    await dashboardCard.getByRole("img", { name: "4 of 5 stars" }).waitFor();
    expect(await dashboardCard.getByRole("button", { name: "Write a review" }).count()).toBe(0);
    await expectNoHorizontalOverflow(assistant);
    await e2e.screenshot(assistant, "reviews-dashboard-both-phone");
    await expectNoSeriousA11yViolations(assistant, "main");

    // The client's open page follows live.
    await item.getByText("Ella's review", { exact: true }).waitFor();
    await item.getByText("Clear brief, paid on time.").waitFor();
    expect(await item.getByText(/^Waiting for/).count()).toBe(0);

    // Her REVIEW notification opens the booking.
    await assistant.goto("/notifications");
    await assistant.getByRole("button", { name: /New review/ }).click();
    await assistant.waitForURL(`**/bookings/${reviewed.id}`);
    await card(assistant, "Rosa Diaz", reviewed.date).getByText("Rosa's review", { exact: true }).waitFor();

    // The other completed booking still offers a review, until 14 days after completion.
    await card(client, "Ella Cruz", unreviewed.date).getByRole("button", { name: "Write a review" }).waitFor();
    const later = await e2e.newPage();
    await later.page.clock.install({ time: new Date(Date.now() + 15 * DAY_MS) });
    await logIn(later.page, "rosa_client");
    await later.page.goto("/bookings");
    await later.page.getByRole("tab", { name: "Past" }).click();
    const closed = card(later.page, "Ella Cruz", unreviewed.date);
    await closed.getByText("Completed", { exact: true }).waitFor();
    expect(await closed.getByRole("button", { name: "Write a review" }).count()).toBe(0);
    await card(later.page, "Ella Cruz", reviewed.date).getByText("Ella's review", { exact: true }).waitFor();
    await later.context.close();

    // Ella's profile: her rating and the review, the long word wrapped.
    await client.goto(`/profile/${ella.id}`);
    await client.getByText("5.0 · 1 review", { exact: true }).waitFor();
    await client.getByText("Rated 5.0 out of 5 from 1 review", { exact: true }).waitFor();
    const section = client.getByRole("region", { name: "Reviews" });
    await section.getByText("Rosa D.", { exact: true }).waitFor();
    await section.getByRole("img", { name: "5 of 5 stars" }).waitFor();
    await section.getByText(longWord, { exact: false }).waitFor();
    expect(await section.getByRole("button", { name: "Show more reviews" }).count()).toBe(0);
    await e2e.screenshot(client, "reviews-profile-desktop");
    await expectNoSeriousA11yViolations(client, "main");
    await client.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(client);
    await e2e.screenshot(client, "reviews-profile-phone");
    await client.setViewportSize({ width: 1280, height: 800 });

    // Her card in the list and its dialog carry the rating too.
    await client.goto("/profile/list?userName=Ella");
    const profileCard = client.getByRole("article", { name: "Ella Cruz" });
    await profileCard.getByText("5.0 · 1 review", { exact: true }).waitFor();
    await e2e.screenshot(client, "reviews-profile-card");
    await profileCard.getByRole("button", { name: "View Profile" }).click();
    const profileDialog = client.getByRole("dialog", { name: "Ella Cruz" });
    await profileDialog.getByText("Rated 5.0 out of 5 from 1 review", { exact: true }).waitFor();
    await e2e.screenshot(client, "reviews-profile-dialog");
    await client.keyboard.press("Escape");
    await client.goto(`/profile/${ella.id}`);

    // Ten a page: eleven older published reviews make a second page.
    await addPublishedReviews(ella.id, 11);
    await client.reload();
    await client
      .getByText(/ · 12 reviews$/)
      .first()
      .waitFor();
    await section.getByRole("article").first().waitFor();
    expect(await section.getByRole("article").count()).toBe(10);
    await section.getByRole("button", { name: "Show more reviews" }).click();
    await section.getByText("Older review 11", { exact: true }).waitFor();
    expect(await section.getByRole("article").count()).toBe(12);
    expect(await section.getByRole("button", { name: "Show more reviews" }).count()).toBe(0);
    // Focus moved to the first review of the new page (the button is gone).
    expect(await client.evaluate(() => document.activeElement?.textContent)).toContain("Older review 1");
    await client.setViewportSize(PHONE);
    await e2e.screenshot(client, "reviews-profile-more-phone");
    await client.setViewportSize({ width: 1280, height: 800 });

    // Someone nobody reviewed is "New"; a failed load says so.
    const nico = await registerViaApi(e2e, { username: "nico_va", firstName: "Nico", lastName: "Bautista", role: "Assistant" });
    await client.goto(`/profile/${nico.id}`);
    await client.getByText("New: no reviews yet", { exact: true }).waitFor();
    await client.getByRole("region", { name: "Reviews" }).getByText("No reviews yet", { exact: true }).waitFor();
    await e2e.screenshot(client, "reviews-profile-new");
    await client.route("**/api/profiles/*/reviews**", (route) => route.fulfill({ status: 500, body: "{}" }));
    await client.reload();
    await client.getByRole("region", { name: "Reviews" }).getByText(MSG.reviewsLoadFailed).waitFor();
  });
});

describe("the time on an open page", () => {
  it("offers Complete on the open dashboard once a paid booking is over, as the browser's clock moves on", async () => {
    await registerViaApi(e2e, { username: "tess_client", firstName: "Tess", lastName: "Ong", role: "Boss" });
    const va = await registerViaApi(e2e, { username: "bea_va", firstName: "Bea", lastName: "Lim", role: "Assistant" });
    const date = weekdayAhead(2);
    const { booking } = await api<{ booking: Booking }>("tess_client", "POST", "/bookings/create", {
      consultantId: va.id,
      date,
      startTime: "09:00",
      duration: 4,
    });
    await api("bea_va", "PUT", `/bookings/${booking.id}/status`, { status: "CONFIRMED" });
    await e2e.server.database.db.update(bookings).set({ paymentStatus: "PAID" }).where(eq(bookings.id, booking.id));

    const { page } = await e2e.newPage();
    await page.clock.install();
    await logIn(page, "bea_va");
    await page.goto("/booking-dashboard");
    const upcoming = card(page, "Tess Ong", date);
    await upcoming.getByText("Paid", { exact: true }).waitFor();
    expect(await upcoming.getByRole("button", { name: "Complete" }).count()).toBe(0);

    // The page stays open; time passes a minute beyond the booking's end (the same day: still Upcoming).
    await page.clock.fastForward(new Date(booking.endsAt).getTime() - Date.now() + 60_000);
    await upcoming.getByRole("button", { name: "Complete" }).waitFor();
  });
});

/** Older published reviews of the assistant by their own completed bookings, straight in the database. */
async function addPublishedReviews(subjectId: string, count: number) {
  const { db } = e2e.server.database;
  const [author] = await db.select({ clientId: bookings.clientId }).from(bookings).where(eq(bookings.consultantId, subjectId)).limit(1);
  for (let index = 1; index <= count; index++) {
    const startsAt = new Date(Date.now() - (10 + index) * 7 * DAY_MS);
    const row = {
      id: randomUUID(),
      clientId: author!.clientId,
      consultantId: subjectId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 4 * 3600_000),
      duration: 4,
      price: 5000,
      status: "COMPLETED" as const,
      paymentStatus: "PAID" as const,
      completedAt: startsAt,
    };
    await db.insert(payments).values(paymentsOfBookings([row]));
    const [booking] = await db
      .insert(bookings)
      .values({ ...row, paymentId: row.id })
      .returning({ id: bookings.id });
    const publishedAt = new Date(startsAt.getTime() + DAY_MS);
    await db.insert(reviews).values({
      bookingId: booking!.id,
      authorId: author!.clientId,
      subjectId,
      rating: 4,
      text: `Older review ${index}`,
      createdAt: publishedAt,
      publishedAt,
    });
  }
  await refreshRating(db, subjectId);
}
