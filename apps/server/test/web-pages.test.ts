import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, startTestServer, type TestServer } from "./helpers/server.js";

/**
 * The pages drawn with their content (decision 0030), with a build's pieces as apps/web's build
 * writes them: shells/routes.json naming shells/content.html and its mark, and dist/ssr/render-page.mjs.
 * The renderer here is a stand-in that shows what the server handed it (the real one, the app's
 * own components, is exercised by e2e/first-paint.test.ts): what matters here is the server's part.
 */
const MARK = "<!--page-content-->";
const STYLE_MARK = "/*page-style*/";
const html = (root: string, style = "") =>
  `<!doctype html><html lang="en"><head><title>VA Marketplace</title>${style}</head><body>${root}${"<!-- padding -->".repeat(80)}</body></html>`;
const RENDERER = `
export async function renderPage(pathname, get) {
  if (pathname === "/boom") throw new Error("the renderer failed");
  if (pathname !== "/profile/list" && !pathname.startsWith("/profile/")) return null;
  const answer = await get(pathname === "/profile/list" ? "/api/profiles/posts" : "/api/profiles/" + pathname.split("/")[2]);
  if (answer.status !== 200) return null;
  return "<main>drawn " + pathname + " " + JSON.stringify(answer.body).replaceAll("<", "&lt;") + "</main>";
}
// The page's own stylesheet (decision 0031): here, the whole one's first rule and the markup's length.
export function pageStyleFor(css) {
  const first = css.slice(0, css.indexOf("}") + 1);
  return (markup) => first + "/* for " + markup.length + " */";
}
`;

let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "vam-web-pages-"));
  await mkdir(path.join(dist, "shells"), { recursive: true });
  await mkdir(path.join(dist, "ssr"), { recursive: true });
  await writeFile(path.join(dist, "index.html"), html('<div id="root"></div>'));
  await writeFile(path.join(dist, "shells", "page.html"), html('<div id="root"><p>Loading...</p></div>'));
  await writeFile(path.join(dist, "shells", "content.html"), html(`<div id="root" data-page>${MARK}</div>`, `<style>${STYLE_MARK}</style>`));
  await mkdir(path.join(dist, "assets"), { recursive: true });
  await writeFile(path.join(dist, "assets", "web-1.css"), ".flex{display:flex}.grid{display:grid}");
  await writeFile(
    path.join(dist, "shells", "routes.json"),
    JSON.stringify({
      routes: [],
      fallback: "shells/page.html",
      content: { file: "shells/content.html", mark: MARK, styleMark: STYLE_MARK, stylesheet: "assets/web-1.css" },
    }),
  );
  await writeFile(path.join(dist, "ssr", "render-page.mjs"), RENDERER);
  server = await startTestServer({}, { webDist: dist });
});
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: "GET", url, headers });

describe("pages drawn with their content for a visitor", () => {
  it("puts /profile/list's first page, read from the server's own API, into the page's HTML", async () => {
    const { token } = await signUp(server, { role: "Assistant", firstName: "Luzviminda" });
    expect((await server.api("POST", "/api/profiles/profile", { token })).status).toBe(201);
    const answer = await get("/profile/list");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.body).toContain('<div id="root" data-page><main>drawn /profile/list {');
    expect(answer.body).toContain("Luzviminda");
    expect(answer.body).not.toContain(MARK);
    // Its own stylesheet, made by the build's renderer from the whole one for this markup.
    const markup = /<div id="root" data-page>(.*?)<\/div>/s.exec(answer.body)![1]!;
    expect(answer.body).toContain(`<style>.flex{display:flex}/* for ${markup.length} */</style>`);
    expect(answer.body).not.toContain(STYLE_MARK);
    // The same listing the browser's own request would get.
    const api = (await get("/api/profiles/posts")).json<{ items: unknown[] }>();
    expect(api.items).toHaveLength(1);
    expect(answer.body).toContain(JSON.stringify(api).replaceAll("<", "&lt;"));
  });

  it("draws a profile, and leaves one that does not exist to its shell (the page's own 'User not found')", async () => {
    const { user } = await signUp(server, { role: "Assistant", firstName: "Teodoro" });
    const drawn = await get(`/profile/${user.id}`);
    expect(drawn.body).toContain(`drawn /profile/${user.id}`);
    expect(drawn.body).toContain("Teodoro");
    const missing = await get("/profile/00000000-0000-4000-8000-000000000000");
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain("Loading...");
    expect(missing.body).not.toContain("drawn");
  });

  it("sends the shell to an address with a query (a search) and to pages it does not draw", async () => {
    expect((await get("/profile/list?q=writer")).body).toContain("Loading...");
    expect((await get("/bookings")).body).toContain("Loading...");
  });

  it("sends the shell when drawing fails, and logs it", async () => {
    const answer = await get("/boom");
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain("Loading...");
  });

  it("compresses the drawn page for a browser that accepts brotli", async () => {
    const answer = await server.app.inject({ method: "GET", url: "/profile/list", headers: { "accept-encoding": "br" } });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.rawPayload).toString()).toContain("drawn /profile/list");
  });

  it("does not serve the renderer itself as a file of the site", async () => {
    expect((await get("/ssr/render-page.mjs")).body).not.toContain("renderPage");
  });
});
