import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, type E2E } from "./harness.js";
import { registerViaApi, logIn, apiToken } from "./helpers.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

const sendAs = (token: string, recipientId: string, message: string) =>
  fetch(`${e2e.baseUrl}/api/messages/send`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ recipientId, message }),
  });

describe("a dropped connection", () => {
  it("reconnects and shows what was sent while it was away", async () => {
    const writer = await registerViaApi(e2e, { username: "writer_away", firstName: "Writer" });
    const reader = await registerViaApi(e2e, { username: "reader_away" });
    const writerToken = await apiToken(e2e, "writer_away");
    await sendAs(writerToken, reader.id, "Before you went offline");

    const { page, context } = await e2e.newPage();
    await logIn(page, "reader_away");
    await page.goto(`/chat/${writer.id}`);
    const list = page.getByRole("list", { name: "Messages" });
    await list.getByText("Before you went offline").waitFor();

    await context.setOffline(true);
    await sendAs(writerToken, reader.id, "While you were away");
    await page.waitForTimeout(500);
    await context.setOffline(false);
    await list.getByText("While you were away").waitFor({ timeout: 20_000 });
    await context.close();
  });

  it("opens the live connection once its code can be loaded, when the first try found the network down", async () => {
    const writer = await registerViaApi(e2e, { username: "writer_late", firstName: "Writer" });
    const reader = await registerViaApi(e2e, { username: "reader_late" });
    const writerToken = await apiToken(e2e, "writer_late");
    const { page, context } = await e2e.newPage();
    // The socket's code is loaded after sign-in: the network is down at that moment.
    let down = true;
    let refused = 0;
    // On the context: the service worker (decision 0023) fetches the app's files once it controls the page, out of the page's own routes.
    await context.route("**/assets/realtime-socket-*.js", (route) => (down ? (refused++, route.abort("internetdisconnected")) : route.continue()));
    await logIn(page, "reader_late");
    await page.goto(`/chat/${writer.id}`);
    await page.getByRole("textbox", { name: "Message" }).waitFor();
    await expect.poll(() => refused).toBeGreaterThan(0);
    down = false;
    await context.setOffline(true);
    await context.setOffline(false);

    await expect.poll(async () => (await sendAs(writerToken, reader.id, "Live after all")).ok).toBe(true);
    await page.getByRole("list", { name: "Messages" }).getByText("Live after all").waitFor({ timeout: 20_000 });
    await context.close();
  });
});

describe("a session that ends elsewhere", () => {
  it("signs the open page out when the session is logged out on the server", async () => {
    await registerViaApi(e2e, { username: "ended_elsewhere" });
    const { page, context } = await e2e.newPage();
    await logIn(page, "ended_elsewhere");
    await page.goto("/profile");
    await page.getByRole("button", { name: "Account menu" }).waitFor();

    const token = await page.evaluate(() => localStorage.getItem("token"));
    await fetch(`${e2e.baseUrl}/api/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    await page.waitForURL(/\/login\?next=%2Fprofile$/);
    await page.getByRole("link", { name: "Sign up", exact: true }).first().waitFor();
    await context.close();
  });
});
