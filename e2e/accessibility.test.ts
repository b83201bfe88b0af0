import { and, asc, eq, gt, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { EMAIL_KIND_LABELS, MSG, manilaDate, parseIsoDate, shiftDate as shift, weekdayAhead } from "@vam/shared";
import { issueToken } from "../apps/server/src/account-tokens/tokens.js";
import { bookings, chats, ledgerAccounts, messages, payoutAccounts, postings, users } from "../apps/server/src/db/schema.js";
import { unsubscribeQuery } from "../apps/server/src/email/links.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { apiAs, apiToken, avatarPng, logIn, paidAndOver, registerViaApi, userId } from "./helpers.js";
import { pagePatterns, patternOf } from "./route-paths.js";

/*
 * axe-core on every page of the router and every dialog, signed out, as a Boss, an Assistant and
 * an Operator, at desktop and phone sizes (serious and critical violations fail), pages empty and
 * full; a last test names every page of the router (router.tsx, admin-routes.tsx) that none of
 * them checked. Then the keyboard alone through the booking wizard, the date grid, the account menu, the Save button,
 * the gallery's delete buttons and the terms dialog.
 */

let e2e: E2E;
const DEMO_PASSWORD = "demo1234";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let mariaId: string;
let postingId: string;
let bossBookingId: string;

beforeAll(async () => {
  e2e = await startE2E({ seed: true });
  const { db } = e2e.server.database;
  mariaId = await userId(e2e, "maria_santos");
  const bossId = await userId(e2e, "boss_demo");
  [{ id: postingId }] = (await db.select({ id: postings.id }).from(postings).where(eq(postings.userId, mariaId))) as [{ id: string }];
  [{ id: bossBookingId }] = (await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.clientId, bossId))) as [{ id: string }];
});
afterAll(() => e2e?.close());

/** Waits until the page has its data: no request running and no loading text left. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect.poll(() => page.getByText(/^Loading/).count(), { timeout: 15_000 }).toBe(0);
}

/** Every page of the router, by path pattern ("/profile/:id"), and those axe checked at both sizes. */
const PAGES = pagePatterns();
const checkedPages = new Set<string>();

/** axe on the page as it is, at the desktop size and at the phone size (back to desktop after). */
async function axeBothSizes(page: Page) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize(DESKTOP);
  const pattern = patternOf(PAGES, page.url());
  if (pattern) checkedPages.add(pattern);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
  await axeBothSizes(page);
}

/** Opens a dialog with `open`, checks the page with it at both sizes, closes it with Escape. */
async function checkDialog(page: Page, name: string | RegExp, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  await settle(page);
  await axeBothSizes(page);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
}

async function signedIn(username: string, password = DEMO_PASSWORD) {
  const { page, context } = await e2e.newPage();
  await logIn(page, username, password);
  return { page, context };
}

/**
 * Money for the console's money pages, through the API as people make it: an assistant's paid
 * booking completed (a balance ready to pay, to a payout account past its hold) and a client's paid
 * booking cancelled on time (a refund ready to send); a payout batch run of another assistant's
 * balance. Answers the batch and the first assistant's ledger account.
 */
async function moneyToPayOut(): Promise<{ batchId: string; accountId: string }> {
  const { db } = e2e.server.database;
  await registerViaApi(e2e, { username: "money_ops", firstName: "Olivia", lastName: "Ramos", role: "Boss" });
  await db.update(users).set({ role: "Operator" }).where(eq(users.username, "money_ops"));
  const gcash = (accountName: string, accountNumber: string) => ({ method: "GCASH", accountName, accountNumber });
  const aged = async (username: string) =>
    db
      .update(payoutAccounts)
      .set({ changedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(payoutAccounts.userId, await userId(e2e, username)));
  /** A paid booking of `client` with `assistant` (accepted), `date` at `startTime`. */
  const paid = async (client: string, assistantId: string, date: string, startTime: string) => {
    const { booking } = await apiAs<{ booking: { id: string } }>(e2e, client, "POST", "/bookings/create", {
      consultantId: assistantId,
      date,
      startTime,
      duration: 4,
    });
    await apiAs(e2e, "money_ops", "PUT", `/admin/payments/${booking.id}`, { status: "PAID" });
    return booking.id;
  };
  const earned = async (assistant: string, firstName: string, lastName: string, number: string) => {
    const { id } = await registerViaApi(e2e, { username: assistant, firstName, lastName, role: "Assistant" });
    await apiAs(e2e, assistant, "POST", "/profiles/profile", {});
    await registerViaApi(e2e, { username: `${assistant}_client`, role: "Boss" });
    const bookingId = await paid(`${assistant}_client`, id, weekdayAhead(3), "09:00");
    await apiAs(e2e, assistant, "PUT", `/bookings/${bookingId}/status`, { status: "CONFIRMED" });
    await paidAndOver(e2e, bookingId);
    await apiAs(e2e, assistant, "PUT", `/bookings/${bookingId}/status`, { status: "COMPLETED" });
    await apiAs(e2e, assistant, "PUT", "/account/payout-account", gcash(`${firstName} ${lastName}`, number));
    await aged(assistant);
    return id;
  };

  // Batched first: Rico's balance goes into a batch; Vilma's stays ready to pay.
  await earned("money_va_rico", "Rico", "Blanco", "09171234567");
  const { batch } = await apiAs<{ batch: { id: string } }>(e2e, "money_ops", "POST", "/admin/payouts/batches");
  const vilmaId = await earned("money_va_vilma", "Vilma", "Santos", "09181234567");

  // A refund ready to send: a paid booking cancelled by its client days before.
  await registerViaApi(e2e, { username: "money_refunded", firstName: "Rosa", lastName: "Cruz", role: "Boss" });
  const refunded = await paid("money_refunded", vilmaId, weekdayAhead(4), "13:00");
  await apiAs(e2e, "money_refunded", "PUT", `/bookings/${refunded}/status`, { status: "CANCELLED" });
  await apiAs(e2e, "money_refunded", "PUT", "/account/payout-account", gcash("Rosa Cruz", "09191234567"));
  await aged("money_refunded");

  const [account] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.ownerId, vilmaId));
  return { batchId: batch.id, accountId: account!.id };
}

/** The focused element's accessible name (aria-label or text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "";
  });

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

describe("axe on every page and dialog, at desktop and phone sizes", () => {
  it("signed out: the public pages, the emailed links' pages, the terms, profile, photo and image dialogs", async () => {
    const { page, context } = await e2e.newPage();
    for (const path of [
      "/home",
      "/profile/list",
      `/profile/${mariaId}`,
      "/login",
      "/register",
      "/forgot-password",
      `/${postingId}`,
      "/no/such-page",
    ]) {
      await visit(page, path);
    }
    // The forgotten password's form with its error.
    await page.goto("/forgot-password");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText(MSG.emailRequired).waitFor();
    await axeBothSizes(page);

    // The emailed links, good and bad: a reset, an address to verify, a kind of email to stop.
    const { db } = e2e.server.database;
    const linked = await registerViaApi(e2e, { username: "a11y_links" });
    const [{ emailKey }] = (await db.select({ emailKey: users.emailKey }).from(users).where(eq(users.id, linked.id))) as [{ emailKey: string }];
    const inAnHour = new Date(Date.now() + 3600_000);
    for (const [path, shown] of [
      [`/reset-password?token=${await issueToken(db, linked.id, "reset", inAnHour)}`, page.getByRole("heading", { name: "Set a new password" })],
      ["/reset-password?token=made-up", page.getByRole("alert").getByText(MSG.resetTokenInvalid)],
      [
        `/verify-email?token=${await issueToken(db, linked.id, "verify", inAnHour, "a11y_links@example.ph")}`,
        page.getByRole("status").getByText(MSG.emailVerified),
      ],
      ["/verify-email?token=made-up", page.getByRole("alert").getByText(MSG.verifyTokenInvalid)],
      [
        `/unsubscribe?${unsubscribeQuery({ id: linked.id, emailKey }, "bookingCreated")}`,
        page.getByRole("status").getByText(MSG.unsubscribeAsk(EMAIL_KIND_LABELS.bookingCreated)),
      ],
      [`/unsubscribe?u=${linked.id}&k=bookingCreated&t=not-the-signature`, page.getByRole("alert").getByText(MSG.unsubscribeInvalid)],
    ] as const) {
      await page.goto(path);
      await shown.waitFor();
      await settle(page);
      await axeBothSizes(page);
    }
    // The logo link is named by the words it shows.
    expect(await page.getByRole("link", { name: "VA Marketplace home", exact: true }).count()).toBe(1);
    await e2e.screenshot(page, "a11y-topnav-signed-out");

    await page.goto("/register");
    await checkDialog(page, "Terms of Service", () => page.getByRole("button", { name: "Terms of Service" }).click());
    await page.goto("/profile/list");
    await settle(page);
    await checkDialog(page, "Maria Santos", () =>
      page.getByRole("article", { name: "Maria Santos" }).getByRole("button", { name: "View Profile" }).click(),
    );
    await page.goto(`/profile/${mariaId}`);
    await settle(page);
    await checkDialog(page, /.+/, () =>
      page
        .getByRole("button", { name: /^View photo: / })
        .first()
        .click(),
    );
    await page.goto(`/${postingId}`);
    await settle(page);
    await checkDialog(page, /.+/, () => page.locator("main button:has(img)").first().click());
    await context.close();
  }, 240_000);

  it("a Boss: every page, the account menu, the booking wizard's steps and the booking dialogs", async () => {
    // A message from Maria: an unread count beside the avatar, and a conversation with times.
    // Many lines long, so that the conversation scrolls: axe then checks that the keyboard can scroll it.
    const sent = await fetch(`${e2e.baseUrl}/api/messages/send`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await apiToken(e2e, "maria_santos", DEMO_PASSWORD)}` },
      body: JSON.stringify({
        recipientId: await userId(e2e, "boss_demo"),
        message: `Magandang araw! See you on Monday.${"\nSalamat po!".repeat(40)}`,
      }),
    });
    expect(sent.status).toBe(201);
    // A long history before it, both ways: the conversation's log scrolls far.
    const { db } = e2e.server.database;
    const bossId = await userId(e2e, "boss_demo");
    const [chat] = await db
      .select({ id: chats.id })
      .from(chats)
      .where(or(and(eq(chats.userAId, bossId), eq(chats.userBId, mariaId)), and(eq(chats.userAId, mariaId), eq(chats.userBId, bossId))));
    const dayAgo = Date.now() - 86_400_000;
    await db.insert(messages).values(
      Array.from({ length: 80 }, (_, index) => ({
        chatId: chat!.id,
        senderId: index % 3 === 0 ? bossId : mariaId,
        text:
          index % 3 === 0 ? `Question ${index + 1}: can you also update the spreadsheet?` : `Answer ${index + 1}: yes po, done by this afternoon.`,
        createdAt: new Date(dayAgo + index * 600_000),
      })),
    );
    // A payout account for refunds, shown on the settings page.
    const payoutAccount = await fetch(`${e2e.baseUrl}/api/account/payout-account`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${await apiToken(e2e, "boss_demo", DEMO_PASSWORD)}` },
      body: JSON.stringify({ method: "GCASH", accountName: "Boss Demo", accountNumber: "09171112222" }),
    });
    expect(payoutAccount.status).toBe(200);
    const { page, context } = await signedIn("boss_demo");
    await page
      .getByText(/^\d+ unread notifications?$/)
      .first()
      .waitFor({ state: "attached" });
    // The avatar button keeps its name, its unread badge beside it.
    expect(await page.getByRole("button", { name: "Account menu", exact: true }).count()).toBe(1);
    await e2e.screenshot(page, "a11y-topnav-badge");
    await page.setViewportSize(PHONE);
    await e2e.screenshot(page, "a11y-topnav-badge-phone");
    await page.setViewportSize(DESKTOP);
    // The payout account, on the settings page.
    await page.goto("/settings");
    await page.getByText(/ending 2222/).waitFor();
    await settle(page);
    await axeBothSizes(page);
    // The long conversation: its log scrolls far (axe checks that the keyboard can scroll it).
    await page.goto(`/chat/${mariaId}`);
    await settle(page);
    const log = page.getByRole("log", { name: /^Messages with / });
    expect(await log.getByRole("listitem").count()).toBeGreaterThan(80);
    expect(await log.evaluate((element) => element.scrollHeight > 3 * element.clientHeight)).toBe(true);
    await axeBothSizes(page);
    for (const path of [
      "/home",
      "/profile/list",
      "/profile",
      "/profile/update",
      "/bookings",
      `/bookings/${bossBookingId}`,
      "/booking-dashboard",
      "/notifications",
      "/chat",
      `/profile/${mariaId}`,
      `/${postingId}`,
    ]) {
      await visit(page, path);
    }

    // The account menu, open.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menu", { name: "Account" }).waitFor();
    await axeBothSizes(page);
    await page.keyboard.press("Escape");

    // The Save button, in both states.
    const save = page.getByRole("button", { name: /^(Save the Place|Place Saved)$/ });
    for (let press = 0; press < 2; press++) {
      const before = await save.getAttribute("aria-pressed");
      await save.click();
      await expect.poll(() => save.getAttribute("aria-pressed")).toBe(before === "true" ? "false" : "true");
      await axeBothSizes(page);
    }

    // A gallery photo uploaded: the uploader's finished state and the photo's buttons.
    await page.goto("/profile");
    await settle(page);
    await page.getByLabel("Photo title (optional)").fill("Team offsite");
    await page.getByLabel("Add photo").setInputFiles({ name: "offsite.png", mimeType: "image/png", buffer: await avatarPng() });
    await page.getByRole("button", { name: "Delete photo Team offsite" }).waitFor();
    await axeBothSizes(page);
    await checkDialog(page, "Team offsite", () => page.getByRole("button", { name: "View photo: Team offsite" }).click());

    await page.goto(`/profile/${mariaId}`);
    await settle(page);
    await checkDialog(page, /^Message/, () => page.getByRole("button", { name: /^Contact / }).click());

    // The bookings page: its menu, reschedule, cancel and review dialogs.
    await page.goto("/bookings");
    await settle(page);
    await page.getByRole("button", { name: "Edit booking" }).first().click();
    await page.getByRole("menu").waitFor();
    await axeBothSizes(page);
    await page.keyboard.press("Escape");
    await checkDialog(page, "Reschedule Booking", async () => {
      await page.getByRole("button", { name: "Edit booking" }).first().click();
      await page.getByRole("menuitem", { name: "Reschedule booking" }).click();
    });
    await checkDialog(page, "Cancel Booking", async () => {
      await page.getByRole("button", { name: "Edit booking" }).first().click();
      await page.getByRole("menuitem", { name: "Cancel booking" }).click();
    });
    await page.getByRole("tab", { name: "Past" }).click();
    await checkDialog(page, /^Review /, () => page.getByRole("button", { name: "Write a review" }).first().click());

    // The dashboard's reschedule and cancel dialogs.
    await page.goto("/booking-dashboard");
    await settle(page);
    await checkDialog(page, "Reschedule Booking", () => page.getByRole("button", { name: "Reschedule", exact: true }).first().click());
    await checkDialog(page, /Cancel/, () => page.getByRole("button", { name: "Cancel", exact: true }).first().click());

    // The booking wizard, every step (an afternoon: the full day is offered but disabled, with its reason).
    await page.goto(`/book/${mariaId}`);
    await settle(page);
    await axeBothSizes(page);
    for (const tab of ["Months", "Flexible", "Dates"]) {
      await page.getByRole("tab", { name: tab }).click();
      await axeBothSizes(page);
    }
    const enabledDays = page.locator('[role="gridcell"][data-day]:not([aria-disabled="true"])');
    for (let index = 0; ; index++) {
      await enabledDays.nth(index).click();
      const afternoon = page.getByRole("button", { name: /^Afternoon/ });
      if (await afternoon.isEnabled()) {
        await afternoon.click();
        break;
      }
    }
    await axeBothSizes(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Choose Service Duration" }).waitFor();
    await axeBothSizes(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Review and Payment" }).waitFor();
    await settle(page);
    await axeBothSizes(page);
    await page.getByRole("button", { name: /^Confirm booking/ }).click();
    await page.getByRole("heading", { name: "Booking request sent" }).waitFor();
    await axeBothSizes(page);
    await context.close();
  }, 300_000);

  it("an Assistant: every page, the posting editor, the delete confirmations, the decline confirmation and time off", async () => {
    const { page, context } = await signedIn("maria_santos");
    for (const path of ["/profile", "/profile/update", "/booking-dashboard", "/bookings", "/earnings", "/notifications", "/chat", "/profile/list"]) {
      await visit(page, path);
    }
    await checkDialog(page, "Delete Profile", async () => {
      await page.getByRole("article", { name: "Maria Santos" }).getByRole("button", { name: "View Profile" }).click();
      await page.getByRole("button", { name: "Delete profile" }).click();
    });
    await page.keyboard.press("Escape");

    await page.goto("/profile");
    await settle(page);
    await checkDialog(page, "New posting", () => page.getByRole("button", { name: "New posting" }).click());
    const myPostings = page.getByRole("region", { name: "My Postings" });
    await checkDialog(page, /^Edit posting/, () =>
      myPostings
        .getByRole("button", { name: /^Edit / })
        .first()
        .click(),
    );
    await checkDialog(page, "Delete this posting?", () =>
      myPostings
        .getByRole("button", { name: /^Delete / })
        .first()
        .click(),
    );

    await page.goto("/booking-dashboard");
    await settle(page);
    await checkDialog(page, /Decline/, () => page.getByRole("button", { name: "Decline" }).first().click());

    // The dashboard's time off: a planned block listed, then a refusal over a booking that lists it.
    const [held] = await e2e.server.database.db
      .select({ startsAt: bookings.startsAt })
      .from(bookings)
      .where(and(eq(bookings.consultantId, mariaId), inArray(bookings.status, ["PENDING", "CONFIRMED"]), gt(bookings.startsAt, new Date())))
      .orderBy(asc(bookings.startsAt))
      .limit(1);
    const timeOff = page.getByRole("region", { name: MSG.timeOff });
    await timeOff.getByLabel("From", { exact: true }).fill(weekdayAhead(40));
    await timeOff.getByLabel("To", { exact: true }).fill(weekdayAhead(42));
    await timeOff.getByLabel("Note (only you see it)").fill("Conference in Davao");
    await timeOff.getByRole("button", { name: "Block time" }).click();
    await timeOff.getByRole("button", { name: /^Remove time off/ }).waitFor();
    await timeOff.getByLabel("From", { exact: true }).fill(manilaDate(held!.startsAt));
    await timeOff.getByLabel("To", { exact: true }).fill(manilaDate(held!.startsAt));
    await timeOff.getByRole("button", { name: "Block time" }).click();
    await timeOff.getByRole("alert").getByRole("listitem").first().waitFor();
    await settle(page);
    await axeBothSizes(page);
    await context.close();
  }, 240_000);

  it("a new Boss and a new Assistant: the pages empty (no bookings, messages, notifications or money yet)", async () => {
    await registerViaApi(e2e, { username: "empty_boss", firstName: "Ella", lastName: "Reyes", role: "Boss" });
    await registerViaApi(e2e, { username: "empty_va", firstName: "Nina", lastName: "Garcia", role: "Assistant" });
    for (const [username, paths] of [
      ["empty_boss", ["/bookings", "/notifications", "/chat", "/earnings", "/settings"]],
      ["empty_va", ["/profile", "/booking-dashboard", "/earnings", "/chat"]],
    ] as const) {
      const { page, context } = await signedIn(username, "kape-pandesal");
      for (const path of paths) await visit(page, path);
      await context.close();
    }
  }, 240_000);

  it("an Operator: every console page and its confirmations", async () => {
    const { page, context } = await signedIn("operator_demo");
    for (const path of [
      "/admin",
      "/admin/payments",
      "/admin/statements",
      "/admin/payment-qr",
      "/admin/users",
      `/admin/users/${mariaId}`,
      "/admin/reviews",
      "/admin/audit",
      // The money pages before any money moved.
      "/admin/payouts",
      "/admin/refunds",
      "/admin/ledger",
      "/admin/no-such-page",
    ]) {
      await visit(page, path);
    }
    await page.goto("/admin/payments");
    await settle(page);
    await checkDialog(page, "Mark payment received?", () => page.getByRole("button", { name: "Mark received" }).first().click());
    await checkDialog(page, /not received/, () => page.getByRole("button", { name: "Mark not received" }).first().click());
    await page.goto(`/admin/users/${mariaId}`);
    await settle(page);
    await checkDialog(page, "Suspend this account?", () => page.getByRole("button", { name: "Suspend" }).click());
    await checkDialog(page, /operator/i, () => page.getByRole("button", { name: "Make operator" }).click());

    // The site's own pages as an Operator: the account menu offers the console.
    await page.goto("/profile/list");
    await settle(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Operator console" }).waitFor();
    await axeBothSizes(page);
    await context.close();
  }, 240_000);

  it("an Operator: the money pages (payouts, refunds, a batch, the ledger, an account) and their dialogs", async () => {
    const { batchId, accountId } = await moneyToPayOut();
    const { page, context } = await signedIn("operator_demo");
    await visit(page, "/admin/payouts");
    await checkDialog(page, "Run a payout batch?", () => page.getByRole("button", { name: "Run payout batch" }).click());
    await visit(page, "/admin/refunds");
    await checkDialog(page, "Run a refund batch?", () => page.getByRole("button", { name: "Run refund batch" }).click());
    const { batch: refunds } = await apiAs<{ batch: { id: string } }>(e2e, "money_ops", "POST", "/admin/refunds/batches");
    await visit(page, `/admin/refunds/batches/${refunds.id}`);
    await visit(page, `/admin/payouts/batches/${batchId}`);
    await checkDialog(page, "Mark sent?", () =>
      page
        .getByRole("button", { name: /^Mark sent/ })
        .first()
        .click(),
    );
    await checkDialog(page, "Mark failed?", () =>
      page
        .getByRole("button", { name: /^Mark failed/ })
        .first()
        .click(),
    );
    // The field's error shown, then the dialog closed.
    await page
      .getByRole("button", { name: /^Mark sent/ })
      .first()
      .click();
    const markSent = page.getByRole("dialog", { name: "Mark sent?" });
    await markSent.getByRole("button", { name: "Mark sent" }).click();
    await markSent.getByText("Enter the transfer's reference.").waitFor();
    await axeBothSizes(page);
    await page.keyboard.press("Escape");
    await visit(page, "/admin/ledger");
    await visit(page, `/admin/ledger/accounts/${accountId}`);
    await page.goto(`/admin/users/${mariaId}`);
    await settle(page);
    await checkDialog(page, "Cancel this booking?", () =>
      page
        .getByRole("button", { name: /^Cancel booking/ })
        .first()
        .click(),
    );
    await context.close();
  }, 240_000);
});

describe("every page checked", () => {
  it("names each page of the router and the console that no test above checked at both sizes", () => {
    // The routes were read: the public, signed-in and console pages, and both addresses of the chat.
    expect(PAGES).toEqual(expect.arrayContaining(["/home", "/profile/:id", "/settings", "/chat", "/chat/:userId", "/admin", "/admin/ledger", "/*"]));
    expect(
      PAGES.filter((pattern) => !checkedPages.has(pattern)),
      "pages no test above checked: visit each at both sizes",
    ).toEqual([]);
  });
});

describe("the keyboard alone", () => {
  it("books through the wizard: the date grid is one tab stop moved by arrows, and focus goes to each new step's heading", async () => {
    await registerViaApi(e2e, { username: "keys_boss", firstName: "Kiko", lastName: "Bautista", role: "Boss" });
    const assistant = await registerViaApi(e2e, { username: "keys_va", firstName: "Vilma", lastName: "Ramos", role: "Assistant" });
    await apiAs(e2e, "keys_va", "POST", "/profiles/profile", {});
    const { page, context } = await signedIn("keys_boss", "kape-pandesal");
    await page.goto(`/book/${assistant.id}`);
    await settle(page);

    // Into the grid with Tab: one cell of both months is in the tab order.
    const cells = page.locator('[role="gridcell"][data-day]');
    expect(await page.locator('[role="gridcell"][tabindex="0"]').count()).toBe(1);
    const focusedCell = page.locator('[role="gridcell"]:focus');
    await tabTo(page, page.locator('[role="gridcell"][tabindex="0"]'));
    const dayOf = async () => (await focusedCell.getAttribute("data-day"))!;
    const start = await dayOf();
    const weekday = parseIsoDate(start).getUTCDay();

    // Arrows move by day and week, Home and End to the week's ends, Page Down a month on.
    await page.keyboard.press("ArrowRight");
    expect(await dayOf()).toBe(shift(start, 1));
    await page.keyboard.press("ArrowDown");
    expect(await dayOf()).toBe(shift(start, 8));
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowLeft");
    expect(await dayOf()).toBe(start);
    await page.keyboard.press("Home");
    const sunday = shift(start, -weekday);
    // Home stops at the first day of this month.
    expect(await dayOf()).toBe(sunday < `${start.slice(0, 8)}01` ? `${start.slice(0, 8)}01` : sunday);
    await page.keyboard.press("End");
    const saturday = shift(start, 6 - weekday);
    expect(await dayOf()).toBe(saturday);
    // Still one tab stop: the focused day.
    expect(await page.locator('[role="gridcell"][tabindex="0"]').getAttribute("data-day")).toBe(saturday);
    await e2e.screenshot(page, "a11y-date-grid-keyboard");

    // A Saturday cannot be chosen: it is announced as disabled, and Enter leaves it unselected.
    const grid = page.getByRole("grid").filter({ has: focusedCell });
    expect(await grid.ariaSnapshot()).toMatch(/gridcell "[^"]+" \[disabled\]/);
    expect(await focusedCell.getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Enter");
    expect(await focusedCell.getAttribute("aria-selected")).toBe("false");

    // Friday can: Enter selects it, Space selects another day instead.
    await page.keyboard.press("ArrowLeft");
    const friday = await dayOf();
    await page.keyboard.press("Enter");
    expect(await cells.and(page.locator('[aria-selected="true"]')).getAttribute("data-day")).toBe(friday);
    expect(await grid.ariaSnapshot()).toMatch(/gridcell "[^"]+" \[selected\]/);
    await page.keyboard.press("ArrowLeft");
    const thursday = await dayOf();
    if (thursday >= start) {
      await page.keyboard.press(" ");
      expect(await cells.and(page.locator('[aria-selected="true"]')).getAttribute("data-day")).toBe(thursday);
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press(" ");
    }
    expect(await cells.and(page.locator('[aria-selected="true"]')).getAttribute("data-day")).toBe(friday);
    // Page Down goes a month on (the months shown follow), Page Up back.
    await page.keyboard.press("PageDown");
    expect((await dayOf()).slice(0, 7)).toBe(new Date(Date.UTC(Number(friday.slice(0, 4)), Number(friday.slice(5, 7)), 1)).toISOString().slice(0, 7));
    await page.keyboard.press("PageUp");
    expect((await dayOf()).slice(0, 7)).toBe(friday.slice(0, 7));

    // One Tab leaves the grid for the first free time.
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toMatch(/^(Morning|Afternoon)/);
    await page.keyboard.press("Enter");
    const cont = page.getByRole("button", { name: "Continue" });
    await tabTo(page, cont);
    await page.keyboard.press("Enter");

    // Each step's heading takes focus, after Continue and after Back.
    const durationHeading = page.getByRole("heading", { name: "Choose Service Duration" });
    await expect.poll(() => isFocused(durationHeading)).toBe(true);
    await tabTo(page, page.getByRole("button", { name: "Back" }), { back: true });
    await page.keyboard.press("Enter");
    const pickerHeading = page.getByRole("heading", { name: "Choose a Date and Time" });
    await expect.poll(() => isFocused(pickerHeading)).toBe(true);
    await settle(page);
    // The chosen day is kept, and is the grid's tab stop.
    expect(await page.locator('[role="gridcell"][tabindex="0"]').getAttribute("data-day")).toBe(friday);
    await tabTo(page, cont);
    await page.keyboard.press("Enter");
    await expect.poll(() => isFocused(durationHeading)).toBe(true);
    await tabTo(page, page.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");
    const reviewHeading = page.getByRole("heading", { name: "Review and Payment" });
    await expect.poll(() => isFocused(reviewHeading)).toBe(true);
    await settle(page);
    await tabTo(page, page.getByRole("button", { name: /^Confirm booking/ }));
    await page.keyboard.press("Enter");
    const done = page.getByRole("heading", { name: "Booking request sent" });
    await expect.poll(() => isFocused(done)).toBe(true);
    await context.close();
  });

  it("opens the account menu and moves in it with the keys (WAI-ARIA menu button)", async () => {
    const { page, context } = await signedIn("boss_demo");
    // A signed-in page: following an entry to another keeps the same top bar.
    await page.goto("/profile");
    await settle(page);
    const button = page.getByRole("button", { name: "Account menu", exact: true });
    const menu = page.getByRole("menu", { name: "Account" });
    const item = (name: string) => menu.getByRole("menuitem", { name });
    await tabTo(page, button);

    // Enter opens it on the first entry.
    await page.keyboard.press("Enter");
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => isFocused(item("Profile"))).toBe(true);
    const entries = await menu.getByRole("menuitem").allTextContents();
    expect(entries.map((entry) => entry.replace(/ \(.*$/, ""))).toEqual([
      "Profile",
      "Messages",
      "Bookings",
      "Earnings",
      "Notifications",
      "Settings",
      "Log out",
    ]);
    await e2e.screenshot(page, "a11y-account-menu-keyboard");

    // Arrows move and wrap, Home and End go to the ends, a letter to its entry.
    await page.keyboard.press("ArrowDown");
    expect(await isFocused(item("Messages"))).toBe(true);
    await page.keyboard.press("End");
    expect(await isFocused(item("Log out"))).toBe(true);
    await page.keyboard.press("ArrowDown");
    expect(await isFocused(item("Profile"))).toBe(true);
    await page.keyboard.press("ArrowUp");
    expect(await isFocused(item("Log out"))).toBe(true);
    await page.keyboard.press("Home");
    expect(await isFocused(item("Profile"))).toBe(true);
    await page.keyboard.press("n");
    expect(await isFocused(item("Notifications"))).toBe(true);

    // Escape closes it and gives focus back to the button.
    await page.keyboard.press("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.isHidden()).toBe(true);
    expect(await isFocused(button)).toBe(true);

    // Space and ArrowDown open it on the first entry, ArrowUp on the last; Tab closes it.
    await page.keyboard.press(" ");
    await expect.poll(() => isFocused(item("Profile"))).toBe(true);
    await page.keyboard.press("Escape");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => isFocused(item("Log out"))).toBe(true);
    await page.keyboard.press("Escape");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => isFocused(item("Profile"))).toBe(true);
    await page.keyboard.press("Tab");
    expect(await button.getAttribute("aria-expanded")).toBe("false");

    // Enter on an entry follows it; the menu closes with focus back on its button.
    await tabTo(page, button, { back: true });
    await page.keyboard.press("Enter");
    await expect.poll(() => isFocused(item("Profile"))).toBe(true);
    await page.keyboard.press("b");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/bookings$/);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await isFocused(button)).toBe(true);

    await context.close();
  });

  it("presses and releases the Save button, which exposes its state", async () => {
    const { page, context } = await signedIn("boss_demo");
    await page.goto(`/${postingId}`);
    await settle(page);
    const save = page.getByRole("button", { name: /^(Save the Place|Place Saved)$/ });
    await tabTo(page, save);
    /** Presses `key` on the focused button and waits for the server's answer. */
    const press = async (key: string) => {
      const before = await save.getAttribute("aria-pressed");
      await Promise.all([page.waitForResponse((response) => response.url().endsWith("/api/users/save")), page.keyboard.press(key)]);
      const after = before === "true" ? "false" : "true";
      await expect.poll(() => save.getAttribute("aria-pressed")).toBe(after);
      expect(await save.textContent()).toBe(after === "true" ? "Place Saved" : "Save the Place");
      return after;
    };
    await press("Enter");
    await press(" ");
    const pressed = await press("Enter");

    // Two quick presses, the second while the first is on its way: both count (back where it was).
    let answers = 0;
    const counting = (response: { url(): string }) => {
      if (response.url().endsWith("/api/users/save")) answers += 1;
    };
    page.on("response", counting);
    // Each answer takes a moment, so the second press lands while the first is still on its way.
    await page.route("**/api/users/save", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect.poll(() => answers, { timeout: 5_000 }).toBe(2);
    page.off("response", counting);
    await page.unroute("**/api/users/save");
    await expect.poll(() => save.getAttribute("aria-pressed")).toBe(pressed);

    // The server kept it.
    await page.reload();
    await settle(page);
    expect(await save.getAttribute("aria-pressed")).toBe(pressed);
    await context.close();
  }, 60_000);

  it("names each gallery delete button for its photo and deletes one by keyboard", async () => {
    const { page, context } = await signedIn("maria_santos");
    await page.goto("/profile");
    await settle(page);
    const gallery = page.getByRole("region", { name: "Gallery" });
    const captions = await gallery.locator("figcaption").allTextContents();
    expect(captions.length).toBeGreaterThan(1);
    // Each photo's delete button says which photo, as its view button does.
    const names = await gallery
      .locator("li")
      .evaluateAll((items) => items.map((item) => Array.from(item.querySelectorAll("button"), (button) => button.getAttribute("aria-label"))));
    expect(names).toEqual(captions.map((caption) => [`View photo: ${caption}`, `Delete photo ${caption}`]));
    await e2e.screenshot(page, "a11y-gallery-delete-names");

    const [first] = captions as [string];
    const remove = gallery.getByRole("button", { name: `Delete photo ${first}`, exact: true });
    await tabTo(page, remove);
    // The browser's own confirmation: dismissed, the photo stays; accepted, it goes.
    page.once("dialog", (dialog) => void dialog.dismiss());
    await page.keyboard.press("Enter");
    await page.waitForTimeout(300);
    expect(await remove.count()).toBe(1);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.keyboard.press(" ");
    await remove.waitFor({ state: "detached" });
    expect(await gallery.locator("figcaption").allTextContents()).toEqual(captions.slice(1));
    await context.close();
  }, 60_000);

  it("reads the whole terms dialog by keyboard: its scrolling text takes focus", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/register");
    const opener = page.getByRole("button", { name: "Terms of Service" });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Terms of Service" });
    await dialog.waitFor();
    const text = dialog.getByRole("region", { name: "Terms of Service" });
    await tabTo(page, text);
    expect(await text.evaluate((element) => element.scrollTop)).toBe(0);
    await page.keyboard.press("End");
    await expect.poll(() => text.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).toBe("I Understand");
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    expect(await isFocused(opener)).toBe(true);

    // On a phone too.
    await page.setViewportSize(PHONE);
    await page.keyboard.press("Enter");
    await tabTo(page, text);
    await e2e.screenshot(page, "a11y-terms-phone");
    await context.close();
  }, 60_000);
});
