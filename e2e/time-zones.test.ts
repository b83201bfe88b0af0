import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { users } from "../apps/server/src/db/schema.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { pickInPicker } from "./booking-steps.js";
import { startE2E, type E2E } from "./harness.js";
import { TEST_PASSWORD, expectNoHorizontalOverflow, logIn, registerViaApi, userId } from "./helpers.js";

/**
 * Both clocks (issue 32; decisions.md, "Time zones"): a client in Los Angeles registers from a
 * browser in Los Angeles, books, and reads every booking time in their own time beside Manila's;
 * a client in Manila reads Manila's alone.
 */
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ seed: true });
});
afterAll(() => e2e?.close());

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe("a client abroad", () => {
  it("registers in Los Angeles (the zone taken from the browser), books, and sees both clocks on the picker, review, bookings and chat", async () => {
    const mariaId = await userId(e2e, "maria_santos");
    const { page } = await e2e.newPage({ timezoneId: "America/Los_Angeles" });

    await page.goto("/register");
    await page.getByLabel("First name").fill("Jamie");
    await page.getByLabel("Last name").fill("Cruz");
    await page.getByLabel("Username").fill("jamie_la");
    await page.getByLabel("Email").fill("jamie@example.com");
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByLabel("Role").selectOption("Boss");
    await page.getByLabel("Address").fill("Los Angeles, California");
    await page.getByLabel("Experience").selectOption("3-5 years");
    await page.getByLabel("Availability").selectOption("Freelance");
    await page.getByRole("button", { name: "Create Profile" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("status").getByText(MSG.registerSuccess).waitFor();
    const [created] = await e2e.server.database.db.select().from(users).where(eq(users.username, "jamie_la"));
    expect(created?.timeZone).toBe("America/Los_Angeles");

    await page.getByLabel("Username").fill("jamie_la");
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL("**/profile/list");

    // The picker: each slot gives Los Angeles' time and whether it falls in the client's daytime.
    await page.goto(`/book/${mariaId}`);
    await pickInPicker(page);
    const morning = page.getByRole("button", { name: /^Morning/ });
    await expect.poll(() => morning.textContent()).toMatch(/9:00 AM to 1:00 PM\) Manila.*5:00 PM to 9:00 PM your time/);
    await expect.poll(() => morning.textContent()).toMatch(/In your daytime/);
    await expect
      .poll(() => page.getByRole("button", { name: /^Afternoon/ }).textContent())
      .toMatch(/9:00 PM to 1:00 AM \w{3} your time.*Outside your daytime/);
    await expectNoSeriousA11yViolations(page);
    await e2e.screenshot(page, "time-zones-picker-desktop");
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await e2e.screenshot(page, "time-zones-picker-phone");
    await page.setViewportSize(DESKTOP);

    // The review: the booking's time in both clocks.
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Choose Service Duration" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Review and Payment" }).waitFor();
    await page
      .getByText(/Manila · .*your time/)
      .first()
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await e2e.screenshot(page, "time-zones-review");
    await page.getByRole("button", { name: MSG.paymentIHavePaid }).click();
    await page.getByRole("heading", { name: MSG.bookingRequestSentTitle }).waitFor();

    // The bookings page.
    await page.goto("/bookings");
    const item = page.getByText(/your time/).first();
    await item.waitFor();
    expect(await page.getByText(/Manila/).count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await e2e.screenshot(page, "time-zones-bookings-phone");
    await page.setViewportSize(DESKTOP);

    // Chat: the message's time in both clocks (Los Angeles is never on Manila's clock).
    await page.goto(`/chat/${mariaId}`);
    const times = page.getByRole("log").locator("time");
    await times.first().waitFor();
    await expect.poll(() => times.first().textContent()).toMatch(/Manila · .*your time$/);
    await expectNoSeriousA11yViolations(page);
    await e2e.screenshot(page, "time-zones-chat");
  }, 180_000);
});

describe("a client in Manila", () => {
  it("sees Manila's clock alone, as the spec's texts read", async () => {
    const mariaId = await userId(e2e, "maria_santos");
    await registerViaApi(e2e, { username: "nina_manila", role: "Boss", timeZone: "Asia/Manila" });
    const { page } = await e2e.newPage({ timezoneId: "Asia/Manila" });
    await logIn(page, "nina_manila");
    await page.goto(`/book/${mariaId}`);
    await pickInPicker(page);
    await expect.poll(() => page.getByRole("button", { name: /^Morning/ }).textContent()).toMatch(/^Morning \(9:00 AM to 1:00 PM\)/);
    expect(await page.getByText(/your time|your daytime/).count()).toBe(0);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Review and Payment" }).waitFor();
    expect(await page.getByText(/your time/).count()).toBe(0);
    await page.getByRole("button", { name: MSG.paymentIHavePaid }).click();
    await page.getByRole("heading", { name: MSG.bookingRequestSentTitle }).waitFor();
    await page.goto("/bookings");
    // Morning or afternoon: whichever slot the picker found free (the client abroad booked first).
    await page
      .getByText(/(Morning|Afternoon) call meeting/)
      .first()
      .waitFor();
    expect(await page.getByText(/your time/).count()).toBe(0);
    await page.goto(`/chat/${mariaId}`);
    await page.getByRole("log").locator("time").first().waitFor();
    expect(await page.getByText(/your time/).count()).toBe(0);
  });
});
