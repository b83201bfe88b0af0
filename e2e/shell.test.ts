import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { startE2E, type E2E } from "./harness.js";
import { avatarPng, registerViaApi, logIn } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe("the shell of the web app", () => {
  it("updates one's profile with a new avatar and shows it on /profile", async () => {
    await registerViaApi(e2e, { username: "carlo_update", firstName: "Carlo", lastName: "Reyes", role: "Assistant" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "carlo_update");
    await page.goto("/profile");
    await page.getByRole("link", { name: "Update Profile" }).click();
    await page.waitForURL("**/profile/update");

    await expect.poll(() => page.getByLabel("First name").inputValue()).toBe("Carlo");
    expect(await page.getByLabel("Role").isDisabled()).toBe(true);
    await page.getByLabel("First name").fill("Carlos");
    await page.getByLabel("Address").fill("Baguio City, Benguet");
    await page.getByLabel("About").fill("Bookkeeper and researcher for small online shops.");
    await page.getByLabel("Avatar").setInputFiles({ name: "new.png", mimeType: "image/png", buffer: await avatarPng() });
    await page.getByText("Upload successful").waitFor();
    await page.getByRole("button", { name: "Save Changes" }).click();

    await page.waitForURL(/\/profile$/);
    await page.getByRole("heading", { name: "Carlos Reyes" }).waitFor();
    await page.getByText("Baguio City, Benguet").waitFor();
    await page.getByText("Bookkeeper and researcher for small online shops.").waitFor();
    const avatar = await page.locator("img[src^='/uploads/avatars/']").first().getAttribute("src");
    expect(avatar).toMatch(/^\/uploads\/avatars\/.+\.png$/);
    await e2e.screenshot(page, "profile-updated");

    // The server has the change too, not only the browser's copy.
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const verify = await fetch(`${e2e.baseUrl}/api/users/verify`, { headers: { authorization: `Bearer ${token}` } });
    expect((await verify.json()).user).toMatchObject({ firstName: "Carlos", avatar });
    await context.close();
  });

  it("shows a taken username from the server on the update form", async () => {
    await registerViaApi(e2e, { username: "taken_name" });
    await registerViaApi(e2e, { username: "wants_taken" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "wants_taken");
    await page.goto("/profile/update");
    await page.getByLabel("Username").fill("taken_name");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText(MSG.usernameTaken).waitFor();
    expect(page.url()).toMatch(/\/profile\/update$/);
    await context.close();
  });

  it("shows the server's refusal of a disguised file in the upload widget, and Try Again resets it", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/register");
    await page.getByLabel("Avatar (optional)").setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("definitely not a picture"),
    });
    await page.getByText(MSG.uploadInvalidType).waitFor();
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByText(MSG.uploadInvalidType).waitFor({ state: "detached" });
    await page.getByLabel("Avatar (optional)").waitFor({ state: "attached" });
    await context.close();
  });

  it("refuses a too large avatar before uploading it", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/register");
    await page.getByLabel("Avatar (optional)").setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(2 * 1024 * 1024, 1),
    });
    await page.getByText(MSG.uploadTooLarge(1.5)).waitFor();
    await context.close();
  });

  it("plays and pauses the looping music", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/home");
    const audio = page.locator("audio");
    expect(await audio.getAttribute("loop")).not.toBeNull();
    expect(await audio.getAttribute("src")).toMatch(/^\/assets\/loop-[\w-]+\.mp3$/);
    const pause = page.getByRole("button", { name: "Pause music" });
    await pause.waitFor();
    await pause.click();
    await page.getByRole("button", { name: "Play music" }).waitFor();
    expect(await audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(true);
    await page.getByRole("button", { name: "Play music" }).click();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.paused)).toBe(false);
    await context.close();
  });

  it("shows the route error screen with a way back to search", async () => {
    const { page, context } = await e2e.newPage();
    await page.goto("/no/such/page/here");
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    await page.getByRole("link", { name: "Go to Search" }).click();
    await page.waitForURL("**/profile/list");
    await context.close();
  });

  it("closes the account menu with Escape and by keyboard alone", async () => {
    await registerViaApi(e2e, { username: "keyboard_user" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "keyboard_user");
    const button = page.getByRole("button", { name: "Account menu" });
    await button.focus();
    await page.keyboard.press("Enter");
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await button.getAttribute("aria-expanded")).toBe("false");

    await button.click();
    await page.getByRole("menu", { name: "Account" }).getByRole("menuitem", { name: "Profile" }).click();
    await page.waitForURL(/\/profile$/);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });
});
