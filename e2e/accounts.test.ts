import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MSG } from "@vam/shared";
import { users } from "../apps/server/src/db/schema.js";
import { startE2E, type E2E } from "./harness.js";
import { avatarPng, logIn, registerViaApi } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe("accounts in the browser", () => {
  it("registers with a referral code and an avatar, logs in, uses the menu and logs out", async () => {
    const referrer = await registerViaApi(e2e, { username: "liza_refers" });
    const { page, context } = await e2e.newPage();

    await page.goto(`/register?referralCode=${referrer.referralCode}`);
    await expect.poll(() => page.getByLabel("Referral code (optional)").inputValue()).toBe(referrer.referralCode);

    await page.getByLabel("First name").fill("Andrea");
    await page.getByLabel("Last name").fill("Reyes");
    await page.getByLabel("Username").fill("andrea_reyes");
    await page.getByLabel("Email").fill("andrea@example.ph");
    await page.getByLabel("Password").fill("mabuhay123");
    await page.getByLabel("Role").selectOption("Assistant");
    await page.getByLabel("Address").fill("Iloilo City");
    await page.getByLabel("Experience").selectOption("3-5 years");
    await page.getByLabel("Availability").selectOption("Freelance");
    await page.getByRole("button", { name: "Add Writing" }).click();
    await page.getByRole("button", { name: "Add SEO" }).click();
    await page.getByRole("button", { name: "Remove SEO" }).click();
    await page.getByLabel("Avatar (optional)").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await avatarPng() });
    await page.getByText("Upload successful").waitFor();

    await page.getByRole("button", { name: "Terms of Service" }).click();
    const terms = page.getByRole("dialog", { name: "Terms of Service" });
    await terms.waitFor();
    expect(await terms.getByRole("heading", { level: 3 }).count()).toBe(12);
    await page.keyboard.press("Escape");
    await terms.waitFor({ state: "detached" });
    await e2e.screenshot(page, "register-filled");

    // No browser alert: the login page says it in its own status region.
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Create Profile" }).click();
    await page.waitForURL("**/login");
    // The URL changes before the login form replaces the (identically labelled) register form.
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    await page.getByRole("status").getByText(MSG.registerSuccess).waitFor();
    expect(dialogs).toEqual([]);

    const [created] = await e2e.server.database.db.select().from(users).where(eq(users.username, "andrea_reyes"));
    expect(created).toMatchObject({ referredBy: referrer.id, role: "Assistant", salaryRate: 1250, skills: ["Writing"] });
    expect(created!.avatar).toMatch(/^\/uploads\/avatars\//);

    await page.getByLabel("Username").fill("andrea_reyes");
    await page.getByLabel("Password").fill("mabuhay123");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL("**/profile/list");

    const menuButton = page.getByRole("button", { name: "Account menu" });
    await menuButton.click();
    const menu = page.getByRole("menu", { name: "Account" });
    // The menu is described by who is signed in.
    expect(await menu.getAttribute("aria-describedby")).toBeTruthy();
    await page.getByText("andrea_reyes", { exact: true }).waitFor();
    await page.getByText("andrea@example.ph", { exact: true }).waitFor();
    for (const item of ["Profile", "Messages", "Bookings", "Notifications"]) {
      await menu.getByRole("menuitem", { name: item }).waitFor();
    }
    await e2e.screenshot(page, "account-menu");
    await page.getByRole("heading", { name: "Browse Assistants" }).click();
    await menu.waitFor({ state: "hidden" });

    const token = await page.evaluate(() => localStorage.getItem("token"));
    await menuButton.click();
    await menu.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL("**/home");
    await page.getByRole("link", { name: "Log in", exact: true }).first().waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);

    await expect
      .poll(async () => (await fetch(`${e2e.baseUrl}/api/users/verify`, { headers: { authorization: `Bearer ${token}` } })).status)
      .toBe(401);
    await context.close();
  });

  it("shows the referrer the unread notification of a sign-up with their code", async () => {
    const referrer = await registerViaApi(e2e, { username: "badge_referrer" });
    await registerViaApi(e2e, { username: "badge_newcomer", referralCode: referrer.referralCode });
    const { page, context } = await e2e.newPage();
    await page.goto("/login");
    await page.getByLabel("Username").fill("badge_referrer");
    await page.getByLabel("Password").fill("kape-pandesal");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL("**/profile/list");
    const menuButton = page.getByRole("button", { name: "Account menu" });
    await expect.poll(() => menuButton.getAttribute("aria-describedby")).toBeTruthy();
    await page.getByText("1 unread notification", { exact: true }).first().waitFor({ state: "attached" });
    await menuButton.click();
    await page.getByRole("menu", { name: "Account" }).getByRole("menuitem", { name: "Notifications (1 unread notification)", exact: true }).waitFor();
    await e2e.screenshot(page, "unread-badge");
    await context.close();
  });

  it("shows the spec's text for a wrong password", async () => {
    await registerViaApi(e2e, { username: "wrong_pass_user" });
    const { page, context } = await e2e.newPage();
    await page.goto("/login");
    await page.getByLabel("Username").fill("wrong_pass_user");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByText(MSG.loginInvalid).waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await context.close();
  });

  it("shows the shared validation messages before sending anything", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/register");
    await page.getByLabel("Username").fill("bad name!");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create Profile" }).click();
    await page.getByText(MSG.usernameChars).waitFor();
    await page.getByText(MSG.passwordTooShort).waitFor();
    await page.getByText(MSG.firstNameRequired).waitFor();
    await context.close();
  });

  it("sends a signed-out visitor from protected pages to /login", async () => {
    const { page, context } = await e2e.newPage();
    for (const path of ["/profile", "/bookings", "/chat", "/notifications", "/profile/update"]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === path);
    }
    await context.close();
  });

  it("signing in leads to the page that sent to /login: the link of an email, else the console for an Operator", async () => {
    await registerViaApi(e2e, { username: "deep_link_boss", role: "Boss" });
    const { page, context } = await e2e.newPage();
    // "Open my bookings", the link of every email, opened signed out.
    await page.goto("/bookings");
    await page.waitForURL(/\/login\?next=%2Fbookings$/);
    await page.getByLabel("Username").fill("deep_link_boss");
    await page.getByLabel("Password").fill("kape-pandesal");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/bookings");
    await page.getByRole("heading", { level: 1, name: "Bookings" }).waitFor();
    await context.close();

    // Only a path of this site is followed.
    const offsite = await e2e.newPage();
    await offsite.page.goto(`/login?next=${encodeURIComponent("//example.com/bookings")}`);
    await offsite.page.getByLabel("Username").fill("deep_link_boss");
    await offsite.page.getByLabel("Password").fill("kape-pandesal");
    await offsite.page.getByRole("button", { name: "Log in", exact: true }).click();
    await offsite.page.waitForURL(`${e2e.baseUrl}/profile/list`);
    await offsite.context.close();

    await registerViaApi(e2e, { username: "lands_ops", role: "Sharer" });
    await e2e.server.database.db.update(users).set({ role: "Operator" }).where(eq(users.username, "lands_ops"));
    const operator = await e2e.newPage();
    await logIn(operator.page, "lands_ops");
    await operator.page.waitForURL("**/admin");
    await operator.page.getByRole("navigation", { name: "Operator console" }).waitFor();
    await operator.context.close();
  });

  it("shows a signed-in user whose address is not verified the banner on /profile/list too, where signing in leads", async () => {
    await registerViaApi(e2e, { username: "unverified_uma" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "unverified_uma");
    expect(new URL(page.url()).pathname).toBe("/profile/list");
    await page.getByText(MSG.verifyEmailBanner("unverified_uma@example.ph")).waitFor();
    await page.getByRole("button", { name: "Resend link" }).waitFor();

    // Verified, no banner.
    await e2e.server.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.username, "unverified_uma"));
    await page.reload();
    await page.getByRole("heading", { name: "Browse Assistants" }).waitFor();
    await expect.poll(() => page.getByText(MSG.verifyEmailBanner("unverified_uma@example.ph")).count()).toBe(0);
    await context.close();
  });

  it("signs out a stored session the server no longer accepts", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/home");
    await page.evaluate(() => {
      localStorage.setItem("token", "revoked-or-made-up");
      localStorage.setItem("user", JSON.stringify({ id: "00000000-0000-0000-0000-000000000000", username: "ghost" }));
    });
    await page.goto("/profile");
    await page.waitForURL(/\/login\?next=%2Fprofile$/);
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
    await context.close();
  });

  it("lands / on /home with the hero, the heading and Get Started", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/");
    await page.waitForURL("**/home");
    await page.getByRole("heading", { name: "Find a Good Assistant Here" }).waitFor();
    const hero = page.locator("img[src='/hero.jpg']");
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([768, 432]);
    await page.getByLabel("Name").fill("Maria");
    await page.getByLabel("Where").fill("Cebu");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/profile\/list\?userName=Maria&location=Cebu$/);
    await page.goto("/home");
    await page.getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL("**/register");
    await context.close();
  });
});
