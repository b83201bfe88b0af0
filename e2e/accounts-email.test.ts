import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { EMAIL_KIND_LABELS, MSG, weekdayAhead, type Booking } from "@vam/shared";
import { startMailbox, type Mailbox, type ReceivedMail } from "../apps/server/test/helpers/mailbox.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { TEST_PASSWORD, apiAs, apiToken, expectNoHorizontalOverflow, logIn, registerViaApi } from "./helpers.js";

/*
 * Accounts and email in the browser, with a real SMTP server in the test (`startMailbox`): a
 * forgotten password reset from its emailed link, an address verified from its link, a kind of
 * email switched off in the settings and by an email's unsubscribe link, the password changed
 * (other devices signed out), devices signed out, data downloaded, the account deleted. axe and
 * the overflow check on each new page and the delete dialog, at desktop and phone sizes.
 */

let e2e: E2E;
let mailbox: Mailbox;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  mailbox = await startMailbox();
  e2e = await startE2E({ env: { SMTP_URL: mailbox.url, EMAIL_POLL_MS: "100", TEST_CLOCK: "true" } });
});
afterAll(async () => {
  await e2e?.close();
  await mailbox?.close();
});

/** Sends every due email now (the test server's queue), then waits for the one that matches. */
async function mailFor(address: string, subject: (subject: string) => boolean, count = 1): Promise<ReceivedMail> {
  await fetch(`${e2e.baseUrl}/api/test/emails`, { method: "POST" });
  const matching = () => mailbox.to(address).filter((mail) => subject(mail.subject));
  await expect.poll(() => matching().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return matching()[count - 1]!;
}

/** The link of an email that leads to `path` on the site (not the API's one-click address). */
function linkTo(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((candidate) => candidate.startsWith(`${e2e.baseUrl}${path}`));
  if (!link) throw new Error(`no ${path} link in ${JSON.stringify(mail.links)}`);
  return link;
}

/** axe at both sizes, nothing wider than a phone, and a screenshot at each size. */
async function checkPage(page: Page, name: string) {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoSeriousA11yViolations(page);
    if (size === "phone") await expectNoHorizontalOverflow(page);
    await e2e.screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(DESKTOP);
}

const loginStatus = (username: string, password: string) =>
  fetch(`${e2e.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  }).then((response) => response.status);

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

describe("a forgotten password", () => {
  it("is reset from the emailed link: a mismatch is caught, the new password works, the old one and the link do not", async () => {
    await registerViaApi(e2e, { username: "forgot_user" });
    const email = "forgot_user@example.ph";
    const { page, context } = await e2e.newPage();

    await page.goto("/login");
    await page.getByRole("link", { name: MSG.forgotPasswordTitle }).click();
    await page.waitForURL("**/forgot-password");
    await page.getByRole("heading", { name: MSG.forgotPasswordTitle }).waitFor();
    // Checked with the shared schema before anything is sent.
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText(MSG.emailRequired).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("status").getByText(MSG.resetRequested).waitFor();
    await checkPage(page, "forgot-password-sent");

    const mail = await mailFor(email, (subject) => subject === "Reset your VA Marketplace password");
    const link = linkTo(mail, "/reset-password?token=");

    // Signed in here meanwhile (with the old password): the reset ends that session too.
    await logIn(page, "forgot_user");
    await page.goto(link);
    await page.getByRole("heading", { name: "Set a new password" }).waitFor();
    await checkPage(page, "reset-password");

    await page.getByLabel("New password", { exact: true }).fill("mabuhay2026");
    await page.getByLabel("Confirm new password").fill("mabuhay2027");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText(MSG.passwordsDiffer).waitFor();
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").fill("short");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText(MSG.passwordTooShort).waitFor();

    await page.getByLabel("New password", { exact: true }).fill("mabuhay2026");
    await page.getByLabel("Confirm new password").fill("mabuhay2026");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("status").getByText(MSG.passwordResetDone).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
    await page.getByRole("link", { name: "Log in", exact: true }).first().waitFor();
    await e2e.screenshot(page, "login-after-reset");

    expect(await loginStatus("forgot_user", TEST_PASSWORD)).toBe(400);
    await page.getByLabel("Username").fill("forgot_user");
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByText(MSG.loginInvalid).waitFor();
    await page.getByLabel("Password").fill("mabuhay2026");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL("**/profile/list");

    // The link works once.
    await page.goto(link);
    await page.getByRole("alert").getByText(MSG.resetTokenUsed).waitFor();
    await page.getByRole("link", { name: "Ask for a new link" }).waitFor();
    await checkPage(page, "reset-password-used");
    await page.goto("/reset-password?token=made-up");
    await page.getByRole("alert").getByText(MSG.resetTokenInvalid).waitFor();
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await page.waitForURL("**/forgot-password");
    await context.close();
  });
});

describe("an unverified address", () => {
  it("shows the banner until the emailed link is opened; an older link no longer works", async () => {
    await registerViaApi(e2e, { username: "verify_user" });
    const email = "verify_user@example.ph";
    const isVerify = (subject: string) => subject === "Verify your email address";
    // Registration sent the first link.
    const first = await mailFor(email, isVerify);

    const { page, context } = await e2e.newPage();
    await logIn(page, "verify_user");
    // Above every signed-in page.
    await page.goto("/profile");
    const banner = page.getByText(MSG.verifyEmailBanner(email));
    await banner.waitFor();
    await checkPage(page, "verify-banner");
    await page.getByRole("button", { name: "Resend link" }).click();
    await toast(page, MSG.verifyEmailSent(email)).waitFor();
    const second = await mailFor(email, isVerify, 2);

    // The first link was retired by the second.
    await page.goto(linkTo(first, "/verify-email?token="));
    await page.getByRole("alert").getByText(MSG.verifyTokenInvalid).waitFor();
    await page.getByRole("main").getByRole("button", { name: "Resend link" }).waitFor();
    await checkPage(page, "verify-email-invalid");

    await page.goto(linkTo(second, "/verify-email?token="));
    await page.getByRole("status").getByText(MSG.emailVerified).waitFor();
    await checkPage(page, "verify-email-done");
    // The session took the verified address: no banner on the way to the settings.
    await page.getByRole("link", { name: "Account settings" }).click();
    await page.waitForURL("**/settings");

    const address = page.getByRole("region", { name: "Email address" });
    await address.getByText("Verified", { exact: true }).waitFor();
    expect(await banner.count()).toBe(0);
    expect(await page.getByRole("button", { name: "Resend link" }).count()).toBe(0);
    await page.reload();
    await address.getByText("Verified", { exact: true }).waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it("verifies a link opened signed out, and says the profile's new address waits for its link", async () => {
    await registerViaApi(e2e, { username: "moving_user" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "moving_user");
    await page.goto("/profile/update");
    await page.getByLabel("Email").fill("moved@example.ph");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL("**/profile");
    await toast(page, MSG.emailChangePending("moved@example.ph")).waitFor();
    await page.goto("/settings");
    const address = page.getByRole("region", { name: "Email address" });
    await address.getByText(MSG.emailChangePending("moved@example.ph")).waitFor();
    await address.getByText("moving_user@example.ph").waitFor();

    const mail = await mailFor("moved@example.ph", (subject) => subject === "Confirm your new email address");
    const visitor = await e2e.newPage();
    await visitor.page.goto(linkTo(mail, "/verify-email?token="));
    await visitor.page.getByRole("status").getByText(MSG.emailVerified).waitFor();
    // Signed out: no Resend link, the way to log in.
    await visitor.page.getByRole("main").getByRole("link", { name: "Log in" }).waitFor();
    await visitor.context.close();

    await page.goto("/profile/update");
    await expect.poll(() => page.getByLabel("Email").inputValue()).toBe("moved@example.ph");
    await context.close();
  });
});

describe("email settings", () => {
  it("keeps a booking email switched off, and the unsubscribe link stops and restarts one", async () => {
    const va = await registerViaApi(e2e, { username: "quiet_va", role: "Assistant", firstName: "Grace", lastName: "Tan" });
    await registerViaApi(e2e, { username: "loud_boss", role: "Boss", firstName: "Ramon", lastName: "Cruz" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "quiet_va");
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Account settings", level: 1 }).waitFor();
    const newBookings = page.getByRole("switch", { name: EMAIL_KIND_LABELS.bookingCreated });
    expect(await newBookings.getAttribute("aria-checked")).toBe("true");
    expect(await page.getByRole("switch").count()).toBe(Object.keys(EMAIL_KIND_LABELS).length);
    await newBookings.click();
    await toast(page, MSG.emailSettingsSaved).waitFor();
    await expect.poll(() => newBookings.getAttribute("aria-checked")).toBe("false");
    await page.reload();
    await page.getByRole("heading", { name: "Account settings", level: 1 }).waitFor();
    await expect.poll(() => newBookings.getAttribute("aria-checked")).toBe("false");
    // The label turns the switch too, and so does the keyboard.
    const reminders = page.getByRole("switch", { name: EMAIL_KIND_LABELS.bookingReminder });
    await page.getByText(EMAIL_KIND_LABELS.bookingReminder, { exact: true }).click();
    await expect.poll(() => reminders.getAttribute("aria-checked")).toBe("false");
    // Saved (the switch says so) before it is turned again: a switch that is saving ignores presses.
    await expect.poll(() => reminders.getAttribute("aria-busy")).toBe("false");
    await reminders.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => reminders.getAttribute("aria-checked")).toBe("true");
    await expect
      .poll(async () => (await apiAs<{ settings: Record<string, boolean> }>(e2e, "quiet_va", "GET", "/account/email-settings")).settings)
      .toMatchObject({ bookingCreated: false, bookingReminder: true });

    await apiAs<{ booking: Booking }>(e2e, "loud_boss", "POST", "/bookings/create", {
      consultantId: va.id,
      date: weekdayAhead(3),
      startTime: "09:00",
      duration: 4,
    });
    const requested = await mailFor("loud_boss@example.ph", (subject) => subject.startsWith("Booking requested"));
    // Both parties' emails are written together: the Assistant's would be there by now.
    await fetch(`${e2e.baseUrl}/api/test/emails`, { method: "POST" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox.to("quiet_va@example.ph").filter((mail) => mail.subject.startsWith("New booking"))).toEqual([]);

    // The client's email has its unsubscribe link: opened signed out, it changes nothing (a mail
    // scanner follows links) until the Unsubscribe button is pressed.
    const visitor = await e2e.newPage();
    await visitor.page.goto(linkTo(requested, "/unsubscribe?"));
    await visitor.page.getByRole("heading", { name: "Email settings" }).waitFor();
    await visitor.page.getByRole("status").getByText(MSG.unsubscribeAsk(EMAIL_KIND_LABELS.bookingCreated)).waitFor();
    const bossSettings = async () =>
      (await apiAs<{ settings: Record<string, boolean> }>(e2e, "loud_boss", "GET", "/account/email-settings")).settings;
    expect((await bossSettings()).bookingCreated).toBe(true);
    await checkPage(visitor.page, "unsubscribe");
    await visitor.page.getByRole("button", { name: "Unsubscribe" }).click();
    await visitor.page.getByRole("status").getByText(MSG.unsubscribed(EMAIL_KIND_LABELS.bookingCreated)).waitFor();
    expect((await bossSettings()).bookingCreated).toBe(false);
    await visitor.page.getByRole("button", { name: "Turn them back on" }).click();
    await visitor.page.getByRole("status").getByText(MSG.resubscribed(EMAIL_KIND_LABELS.bookingCreated)).waitFor();
    expect((await bossSettings()).bookingCreated).toBe(true);
    await visitor.page.getByRole("button", { name: "Turn them off again" }).waitFor();

    await visitor.page.goto(`/unsubscribe?u=${va.id}&k=bookingCreated&t=not-the-signature`);
    await visitor.page.getByRole("alert").getByText(MSG.unsubscribeInvalid).waitFor();
    expect(await visitor.page.getByRole("button", { name: "Unsubscribe" }).count()).toBe(0);
    expect(await visitor.page.getByRole("button", { name: "Turn them back on" }).count()).toBe(0);
    await checkPage(visitor.page, "unsubscribe-invalid");
    await visitor.context.close();
    await context.close();
  });
});

describe("the settings page", () => {
  it("lists the devices, changes the password (signing the others out) and signs devices out", async () => {
    await registerViaApi(e2e, { username: "devices_user" });
    const here = await e2e.newPage();
    const there = await e2e.newPage();
    await logIn(there.page, "devices_user");
    await logIn(here.page, "devices_user");

    // From the account menu.
    await here.page.getByRole("button", { name: "Account menu" }).click();
    await here.page.getByRole("menu", { name: "Account" }).getByRole("menuitem", { name: "Settings" }).click();
    await here.page.waitForURL("**/settings");
    const page = here.page;
    const devices = page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
    await expect.poll(() => devices.count()).toBe(2);
    await devices.filter({ hasText: "This device" }).waitFor();
    expect(await page.getByRole("button", { name: /^Sign out (?!everywhere)/ }).count()).toBe(1);
    await checkPage(page, "settings");

    const password = page.getByRole("region", { name: "Password" });
    await password.getByLabel("Current password").fill("not-my-password");
    await password.getByLabel("New password", { exact: true }).fill("bagong2026");
    await password.getByLabel("Confirm new password").fill("bagong2026");
    await password.getByRole("button", { name: "Change password" }).click();
    await password.getByText(MSG.currentPasswordWrong).waitFor();
    expect(await password.getByLabel("Current password").getAttribute("aria-invalid")).toBe("true");
    await password.getByLabel("Current password").fill(TEST_PASSWORD);
    await password.getByLabel("Confirm new password").fill("bagong2027");
    await password.getByRole("button", { name: "Change password" }).click();
    await password.getByText(MSG.passwordsDiffer).waitFor();
    await password.getByLabel("Confirm new password").fill("bagong2026");
    await password.getByRole("button", { name: "Change password" }).click();
    await toast(page, MSG.passwordChanged).waitFor();
    // The other device was signed out; the list is read again.
    await expect.poll(() => devices.count()).toBe(1);
    expect(await password.getByLabel("Current password").inputValue()).toBe("");

    // The other browser finds out on its next page.
    await there.page.goto("/bookings");
    await there.page.waitForURL(/\/login\?next=%2Fbookings$/);
    expect(await there.page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // This one stays signed in.
    await page.reload();
    await page.getByRole("heading", { name: "Account settings", level: 1 }).waitFor();

    // One device signed out by its button, then every other one at once.
    await logIn(there.page, "devices_user", "bagong2026");
    await page.reload();
    await expect.poll(() => devices.count()).toBe(2);
    await page.getByRole("button", { name: /^Sign out (?!everywhere)/ }).click();
    await toast(page, MSG.signedOutDevice).waitFor();
    await expect.poll(() => devices.count()).toBe(1);
    await apiToken(e2e, "devices_user", "bagong2026");
    await apiToken(e2e, "devices_user", "bagong2026");
    await page.reload();
    await expect.poll(() => devices.count()).toBe(3);
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await toast(page, MSG.signedOutOthers(2)).waitFor();
    await expect.poll(() => devices.count()).toBe(1);
    expect(await page.getByRole("button", { name: "Sign out everywhere else" }).isDisabled()).toBe(true);
    await there.context.close();
    await here.context.close();
  });

  it("downloads the account's data as a JSON file", async () => {
    await registerViaApi(e2e, { username: "export_user" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "export_user");
    await page.goto("/settings");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^va-marketplace-data-export_user.*\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, "utf8")) as { account: { username: string; email: string } };
    expect(data.account).toMatchObject({ username: "export_user", email: "export_user@example.ph" });
    await context.close();
  });

  it("deletes the account once its upcoming bookings are cancelled, with the password", async () => {
    const va = await registerViaApi(e2e, { username: "staying_va", role: "Assistant", firstName: "Joy", lastName: "Garcia" });
    await registerViaApi(e2e, { username: "leaving_boss", role: "Boss", firstName: "Nico", lastName: "Lopez" });
    const date = weekdayAhead(4);
    const { booking } = await apiAs<{ booking: Booking }>(e2e, "leaving_boss", "POST", "/bookings/create", {
      consultantId: va.id,
      date,
      startTime: "13:00",
      duration: 4,
    });
    const { page, context } = await e2e.newPage();
    await logIn(page, "leaving_boss");
    await page.goto("/settings");
    const opener = page.getByRole("button", { name: "Delete my account" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    await dialog.getByText(MSG.deletedUserName, { exact: false }).waitFor();
    // Escape closes it, back onto its button.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    await opener.click();
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByText(MSG.passwordRequired).waitFor();
    await dialog.getByLabel("Password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByText(MSG.currentPasswordWrong).waitFor();
    expect(await dialog.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");

    await dialog.getByLabel("Password").fill(TEST_PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    const refusal = dialog.getByRole("alert");
    await refusal.getByText(MSG.deleteBlockedByBookings).waitFor();
    const bookingLink = refusal.getByRole("link", { name: /Joy Garcia$/ });
    expect(await bookingLink.getAttribute("href")).toBe(`/bookings/${booking.id}`);
    await checkPage(page, "settings-delete-blocked");

    await apiAs(e2e, "leaving_boss", "PUT", `/bookings/${booking.id}/status`, { status: "CANCELLED" });
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL("**/home");
    await toast(page, MSG.accountDeleted).waitFor();
    await page.getByRole("link", { name: "Log in", exact: true }).first().waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
    expect(await loginStatus("leaving_boss", TEST_PASSWORD)).toBe(400);
    await context.close();
  });

  it("passes axe with the delete dialog open, at both sizes", async () => {
    await registerViaApi(e2e, { username: "axe_settings" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "axe_settings");
    await page.goto("/settings");
    await page.getByRole("list", { name: "Signed-in devices" }).waitFor();
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("dialog", { name: "Delete your account?" }).waitFor();
    await checkPage(page, "settings-delete-dialog");
    await context.close();
  });
});
