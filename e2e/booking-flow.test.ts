import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { readQrFromImage } from "../apps/server/src/payments/qr-image.js";
import { decodeQrPh } from "../apps/server/src/qrph.js";
import { DEMO_PASSWORD } from "../apps/server/src/seed/demo.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { pickInPicker, pickOnProfile } from "./booking-steps.js";
import { logIn, registerViaApi, userId } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ seed: true });
});
afterAll(() => e2e?.close());

describe("booking an assistant", () => {
  it("books from the profile through four steps, lands in chat, and the slot shows as Booked to others", async () => {
    const mariaId = await userId(e2e, "maria_santos");
    const boss = await e2e.newPage();
    await logIn(boss.page, "boss_demo", DEMO_PASSWORD);

    // Find her by name, then open her full profile from the profile's dialog.
    await boss.page.getByLabel("Name").fill("Maria Santos");
    await boss.page.getByRole("button", { name: "Search" }).click();
    await boss.page.getByRole("article", { name: "Maria Santos" }).getByRole("button", { name: "View Profile" }).click();
    await boss.page.getByRole("dialog", { name: "Maria Santos" }).getByRole("link", { name: "View Full Profile" }).click();
    await boss.page.waitForURL(`**/profile/${mariaId}`);
    await boss.page.getByRole("heading", { name: "Book a Session" }).waitFor();
    const picked = await pickOnProfile(boss.page);
    if (picked) {
      await boss.page.getByRole("button", { name: "Book Now" }).click();
      await boss.page.waitForURL(/\/book\/.+\?date=\d{4}-\d{2}-\d{2}&time=\d{2}(:|%3A)\d{2}/);
      await boss.page.getByRole("heading", { name: "Choose a Date and Time" }).waitFor();
      await boss.page.getByText("Loading available dates...").waitFor({ state: "detached" });
    } else {
      await boss.page.goto(`/book/${mariaId}`);
      await pickInPicker(boss.page);
    }

    // Step 0 -> 1
    expect(await boss.page.getByRole("progressbar", { name: "Step 1 of 4" }).count()).toBe(1);
    const chosenDay = await boss.page.getByRole("gridcell", { selected: true }).first().getAttribute("aria-label");
    const chosenSlot = (await boss.page.locator("fieldset button[aria-pressed='true']").textContent()) ?? "";
    await boss.page.getByRole("button", { name: "Continue" }).click();

    // Step 1
    await boss.page.getByRole("heading", { name: "Choose Service Duration" }).waitFor();
    expect(await boss.page.getByRole("radio", { name: /4 hours/ }).isChecked()).toBe(true);
    await boss.page.getByRole("progressbar", { name: "Step 2 of 4" }).waitFor();
    await boss.page.getByRole("button", { name: "Continue" }).click();

    // Step 2: the payment's own QR Ph code, read back from the page's picture as a banking app would.
    await boss.page.getByRole("heading", { name: "Review and Payment" }).waitFor();
    await boss.page.getByText(MSG.paymentStepTitle).waitFor();
    await boss.page.getByText(MSG.paymentNextSteps("Maria Santos")).waitFor();
    await boss.page.getByText(MSG.qrphDemoLabel).waitFor();
    const qr = boss.page.getByRole("img", { name: /^QR Ph code to pay ₱5,000 with reference VA-/ });
    await qr.waitFor();
    const reference = /reference (VA-[A-Z0-9]{6})$/.exec((await qr.getAttribute("alt")) ?? "")![1]!;
    const scanned = decodeQrPh(await readQrFromImage(await qr.screenshot()));
    expect(scanned).toMatchObject({ initiation: "dynamic", amountCentavos: 500000, reference, payeeName: "VA MARKETPLACE DEMO" });
    await e2e.screenshot(boss.page, "booking-payment-step");
    await boss.page.setViewportSize({ width: 390, height: 844 });
    await e2e.screenshot(boss.page, "booking-payment-step-phone");
    await expectNoSeriousA11yViolations(boss.page);
    await boss.page.setViewportSize({ width: 1280, height: 800 });
    await boss.page.getByRole("button", { name: MSG.paymentIHavePaid }).click();

    // Step 3: the request was sent; nothing says it is confirmed. The client adds the transfer's number.
    await boss.page.getByRole("heading", { name: MSG.bookingRequestSentTitle }).waitFor();
    await boss.page.getByText(MSG.bookingRequestSent("Maria Santos")).waitFor();
    expect(await boss.page.getByText(/confirmed/i).count()).toBe(0);
    await boss.page.getByText(reference, { exact: true }).waitFor();
    await boss.page.getByLabel(MSG.transferReferenceLabel).fill("5012 345 678901");
    await boss.page.getByRole("button", { name: MSG.transferReferenceSave }).click();
    await boss.page.getByText(/Reference saved/).waitFor();
    await e2e.screenshot(boss.page, "booking-request-sent");
    await expectNoSeriousA11yViolations(boss.page);
    await boss.page.getByRole("link", { name: "Proceed to Chat" }).click();
    await boss.page.waitForURL(`**/chat/${mariaId}`);
    await boss.page.getByText("Hi, I booked just now can you confirm?").first().waitFor();
    // The assistant's automatic reply comes when she accepts, not before.
    expect(await boss.page.getByText("Hello Boss! Confirming your booking.").count()).toBe(0);

    // The assistant sees the booking among her notifications.
    const maria = await e2e.newPage();
    await logIn(maria.page, "maria_santos", DEMO_PASSWORD);
    await maria.page.goto("/notifications");
    await maria.page.getByRole("tab", { name: "Bookings" }).click();
    await maria.page.getByText("New booking").first().waitFor();
    await maria.page
      .getByText(/Ramon Villanueva booked/)
      .first()
      .waitFor();

    // Someone else sees the slot as Booked.
    await registerViaApi(e2e, { username: "booking_viewer" });
    const other = await e2e.newPage();
    await logIn(other.page, "booking_viewer");
    await other.page.goto(`/book/${mariaId}`);
    await other.page.getByRole("heading", { name: "Choose a Date and Time" }).waitFor();
    await other.page.getByText("Loading available dates...").waitFor({ state: "detached" });
    expect(chosenDay).toBeTruthy();
    const day = other.page.getByRole("gridcell", { name: chosenDay!, exact: true });
    if ((await day.count()) === 0) await other.page.getByRole("button", { name: "Next month" }).click();
    // Today, once the morning has passed, the booked afternoon was the day's last slot: the whole day is unavailable.
    if ((await day.getAttribute("aria-disabled")) === "true") return;
    await day.click();
    const slotName = chosenSlot.startsWith("Morning") ? /^Morning/ : /^Afternoon/;
    const slot = other.page.getByRole("button", { name: slotName });
    await expect.poll(() => slot.textContent()).toContain("Booked");
    expect(await slot.isDisabled()).toBe(true);
  });
});
