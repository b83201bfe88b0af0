import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { MSG } from "@vam/shared";
import { postings, users } from "../apps/server/src/db/schema.js";
import { expectNoSeriousA11yViolations } from "./axe.js";
import { startE2E, type E2E } from "./harness.js";
import { apiAs, logIn, registerViaApi } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const PHONE = { width: 390, height: 844 };

describe("the booking page refuses at load", () => {
  it("tells an Assistant on their own booking page and an Operator that they cannot book, before any step", async () => {
    const va = await registerViaApi(e2e, { username: "own_va", firstName: "Rosa", lastName: "Diaz", role: "Assistant" });
    const operator = await registerViaApi(e2e, { username: "ops_olga", firstName: "Olga", lastName: "Reyes", role: "Boss" });
    await e2e.server.database.db.update(users).set({ role: "Operator" }).where(eq(users.id, operator.id));

    const own = await e2e.newPage();
    await logIn(own.page, "own_va");
    await own.page.goto(`/book/${va.id}`);
    await own.page.getByRole("alert").getByText(MSG.bookingSelf).waitFor();
    expect(await own.page.getByRole("heading", { name: "Choose a Date and Time" }).count()).toBe(0);
    expect(await own.page.getByRole("progressbar").count()).toBe(0);
    await e2e.screenshot(own.page, "book-own-refused");
    await own.page.setViewportSize(PHONE);
    await e2e.screenshot(own.page, "book-own-refused-phone");
    await expectNoSeriousA11yViolations(own.page);
    await own.context.close();

    const ops = await e2e.newPage();
    await logIn(ops.page, "ops_olga");
    await ops.page.goto(`/book/${va.id}`);
    await ops.page.getByRole("alert").getByText(MSG.bookingNotBookable).waitFor();
    expect(await ops.page.getByRole("heading", { name: "Choose a Date and Time" }).count()).toBe(0);
    // Her profile offers an Operator no booking calendar either.
    await ops.page.goto(`/profile/${va.id}`);
    await ops.page.getByRole("heading", { name: "Rosa Diaz" }).waitFor();
    await ops.page.getByRole("heading", { name: "About" }).waitFor();
    expect(await ops.page.getByRole("heading", { name: "Book a Session" }).count()).toBe(0);
    await ops.context.close();
  });
});

describe("first use of the pages", () => {
  it("invites the owner, and only the owner, to add photos to an empty gallery in the profile dialog", async () => {
    await registerViaApi(e2e, { username: "gallery_va", firstName: "Lea", lastName: "Santos", role: "Assistant" });
    await apiAs(e2e, "gallery_va", "POST", "/profiles/profile", {});
    await registerViaApi(e2e, { username: "gallery_boss", role: "Boss" });

    const galleryTab = async (page: Page) => {
      await page.goto("/profile/list");
      await page.getByRole("article", { name: "Lea Santos" }).getByRole("button", { name: "View Profile" }).click();
      const dialog = page.getByRole("dialog", { name: "Lea Santos" });
      await dialog.getByRole("tab", { name: "Gallery" }).click();
      await dialog.getByText("No photos in gallery").waitFor();
      return dialog;
    };

    const owner = await e2e.newPage();
    await logIn(owner.page, "gallery_va");
    const mine = await galleryTab(owner.page);
    await mine.getByText("Add photos to showcase your work and skills").waitFor();
    await e2e.screenshot(owner.page, "profile-modal-empty-gallery-owner");
    await expectNoSeriousA11yViolations(owner.page);
    await owner.page.setViewportSize(PHONE);
    await e2e.screenshot(owner.page, "profile-modal-empty-gallery-owner-phone");
    await owner.context.close();

    const visitor = await e2e.newPage();
    await logIn(visitor.page, "gallery_boss");
    const theirs = await galleryTab(visitor.page);
    expect(await theirs.getByText("Add photos to showcase your work and skills").count()).toBe(0);
    await visitor.context.close();
  });

  it("sends a signed-in user opening /login or /register on to the profile list", async () => {
    await registerViaApi(e2e, { username: "signed_in_sam", role: "Boss" });
    const { page, context } = await e2e.newPage();
    await page.goto("/login");
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    await logIn(page, "signed_in_sam");
    for (const address of ["/login", "/register", "/register?referralCode=ABC123"]) {
      await page.goto(address);
      await page.waitForURL("**/profile/list");
      await page.getByRole("heading", { name: "Browse Assistants" }).waitFor();
    }
    await context.close();
  });

  it("gives every page its own document title", async () => {
    const va = await registerViaApi(e2e, { username: "title_va", firstName: "Ana", lastName: "Cruz", role: "Assistant" });
    await registerViaApi(e2e, { username: "title_boss", role: "Boss" });
    const [posting] = await e2e.server.database.db
      .insert(postings)
      .values({ userId: va.id, title: "Bookkeeping for small shops", address: "Makati City", rate: 1250, images: ["/noavatar.jpg"] })
      .returning();
    const { page, context } = await e2e.newPage();
    const titled = async (address: string, title: string) => {
      await page.goto(address);
      await expect.poll(() => page.title(), { message: address }).toBe(`${title} · VA Marketplace`);
    };

    await titled("/login", "Log in");
    await titled("/register", "Create a Profile");
    await titled("/home", "Home");
    await titled("/profile/list", "Find Consultants");
    await titled(`/profile/${va.id}`, "Ana Cruz");
    await titled(`/${posting!.id}`, "Bookkeeping for small shops");
    await titled("/no/such/page", "Page not found");
    await logIn(page, "title_boss");
    await titled("/profile", "My Profile");
    await titled("/profile/update", "Update Profile");
    await titled("/bookings", "Bookings");
    await titled("/booking-dashboard", "Booking Dashboard");
    await titled(`/book/${va.id}`, "Book Ana Cruz");
    await titled("/notifications", "Notifications");
    await titled("/chat", "Chat");
    await titled(`/chat/${va.id}`, "Chat with Ana Cruz");
    // Moving between pages in the app (no reload) names each one too.
    await page.getByRole("heading", { name: "Ana Cruz" }).getByRole("link").click();
    await page.waitForURL(`**/profile/${va.id}`);
    await expect.poll(() => page.title()).toBe("Ana Cruz · VA Marketplace");
    await context.close();
  });

  it("keeps a card's icon beside the first line when its text wraps", async () => {
    await registerViaApi(e2e, {
      username: "far_va",
      firstName: "Mila",
      lastName: "Bautista",
      role: "Assistant",
      location: "Barangay San Isidro, Municipality of Santa Cruz, Province of Laguna, Philippines",
    });
    await apiAs(e2e, "far_va", "POST", "/profiles/profile", {});
    const { page, context } = await e2e.newPage();
    await page.setViewportSize(PHONE);
    await page.goto("/profile/list");
    const card = page.getByRole("article", { name: "Mila Bautista" });
    const row = card.getByText("Barangay San Isidro", { exact: false });
    await row.waitFor();
    const geometry = await row.evaluate((element) => {
      const text = Array.from(element.childNodes).find((node) => node.nodeType === Node.TEXT_NODE) ?? element.firstChild!;
      const range = document.createRange();
      range.selectNodeContents(text);
      const lines = Array.from(range.getClientRects());
      const icon = element.closest("p")!.querySelector("svg")!.getBoundingClientRect();
      return { lines: lines.length, firstLineMiddle: lines[0]!.top + lines[0]!.height / 2, iconMiddle: icon.top + icon.height / 2 };
    });
    expect(geometry.lines).toBeGreaterThan(1);
    expect(Math.abs(geometry.iconMiddle - geometry.firstLineMiddle)).toBeLessThanOrEqual(2);
    await card.screenshot({ path: "test-results/screenshots/profile-card-long-location.png" });
    await context.close();
  });
});
