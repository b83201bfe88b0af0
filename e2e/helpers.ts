import { eq } from "drizzle-orm";
import { expect } from "vitest";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { manilaDate, type RegisterInput } from "@vam/shared";
import { bookings, users } from "../apps/server/src/db/schema.js";
import type { E2E } from "./harness.js";

/** The password of accounts made by `registerViaApi`. */
export const TEST_PASSWORD = "kape-pandesal";

/**
 * Signs in through the login page, as a person would, and waits for where signing in leads: the
 * profile list, or the console for an Operator.
 */
export async function logIn(page: Page, username: string, password = TEST_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/profile/list" || url.pathname === "/admin");
}

/** A session token straight from the API, for acting as someone outside the browser. */
export async function apiToken(e2e: E2E, username: string, password = TEST_PASSWORD): Promise<string> {
  const response = await fetch(`${e2e.baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** Calls the API as someone (signed in afresh); throws with the answer unless it is 2xx. */
export async function apiAs<T>(e2e: E2E, username: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${e2e.baseUrl}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), authorization: `Bearer ${await apiToken(e2e, username)}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Registers an account straight through the API, for tests that need someone to exist already. */
export async function registerViaApi(e2e: E2E, input: Partial<RegisterInput> & { username: string }) {
  const body: RegisterInput = {
    firstName: "Liza",
    lastName: "Mercado",
    email: `${input.username}@example.ph`,
    password: TEST_PASSWORD,
    role: "Sharer",
    location: "Quezon City",
    skills: [],
    experience: "1-3 years",
    availability: "Part-time",
    ...input,
  };
  const response = await fetch(`${e2e.baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`register failed: ${await response.text()}`);
  return (await response.json()).user as { id: string; referralCode: string };
}

export const avatarPng = () =>
  sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 234, g: 88, b: 12 } } })
    .png()
    .toBuffer();

/** The id of an account, read from the test server's database. */
export async function userId(e2e: E2E, username: string): Promise<string> {
  const [row] = await e2e.server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

const WEEK_MS = 7 * 86_400_000;

/**
 * Makes a booking completable as the server requires since payments are verified: marks its
 * payment PAID and moves it back by whole weeks (same weekday and time) until it has ended.
 * Straight in the database: no notification, no live event (reload the page). Returns its new
 * Manila date (yyyy-MM-dd).
 */
export async function paidAndOver(e2e: E2E, bookingId: string): Promise<string> {
  const { db } = e2e.server.database;
  const [row] = await db.select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt }).from(bookings).where(eq(bookings.id, bookingId));
  const shift = (Math.floor((row!.endsAt.getTime() - Date.now()) / WEEK_MS) + 1) * WEEK_MS;
  const startsAt = new Date(row!.startsAt.getTime() - shift);
  await db
    .update(bookings)
    .set({ paymentStatus: "PAID", paymentDecidedAt: new Date(), startsAt, endsAt: new Date(row!.endsAt.getTime() - shift) })
    .where(eq(bookings.id, bookingId));
  return manilaDate(startsAt);
}

/** Nothing on the page is wider than the window (long words wrap). */
export async function expectNoHorizontalOverflow(page: Page) {
  const wide = await page.evaluate(() =>
    Array.from(document.querySelectorAll("body *"))
      // The toasts' list sits off screen until a toast shows.
      .filter((element) => !element.closest("[data-sonner-toaster]") && element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""}`.slice(0, 120)),
  );
  expect(wide).toEqual([]);
}
