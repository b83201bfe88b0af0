import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { SERVER_BUNDLE, strayImportMeta } from "../../../scripts/build-server.js";
import { DEFAULT_WEB_DIST } from "../src/server.js";
import { createPostgresDatabase } from "./helpers/database.js";
import { startServerProcess, type ServerProcess } from "./helpers/process.js";
import { newUser } from "./helpers/server.js";

/**
 * The server as production runs it (decision 0027): built into one ES module with its source map
 * and started by plain node, `node --enable-source-maps apps/server/dist/index.js`.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
const WEB_BUILT = existsSync(path.join(DEFAULT_WEB_DIST, "index.html"));
const databaseUrl = process.env.DATABASE_URL;

/** The process's command line and environment as the kernel shows them (what `ps` lists). */
const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
const environment = (pid: number) => readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);

async function api(server: ServerProcess, method: string, url: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(server.url + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return response;
}

/** The error lines (pino level 50) the server has logged, parsed. */
const loggedErrors = (server: ServerProcess) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; err?: { type: string; message: string; stack: string } })
    .filter((entry) => entry.level >= 50);

describe("npm start", () => {
  it("builds everything, then runs the built server with plain node, never tsx", () => {
    const scripts = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe("npm run build && node --enable-source-maps apps/server/dist/index.js");
    expect(scripts.build).toContain("npm run build -w @vam/server");
  });
});

describe("the build's guard on paths relative to a module", () => {
  it("refuses a path beside the module or its folder, which would point elsewhere in the bundle", () => {
    const source = [
      "// import.meta.url in a comment is fine",
      'const migrations = fileURLToPath(new URL("../../drizzle", import.meta.url));',
      'const fonts = path.join(import.meta.dirname, "fonts");',
      "const list = createRequire(import.meta.url)(LIST);",
    ].join("\n");
    expect(strayImportMeta(path.join(ROOT, "apps/server/src/db/client.ts"), source).map((found) => found.line)).toEqual([2, 3]);
  });

  it("allows the server's root in src/paths.ts only", () => {
    const line = 'export const SERVER_ROOT = new URL("../", import.meta.url);';
    expect(strayImportMeta(path.join(ROOT, "apps/server/src/paths.ts"), line)).toEqual([]);
    expect(strayImportMeta(path.join(ROOT, "apps/server/src/receipts/pdf.ts"), line)).toHaveLength(1);
  });
});

describe("the compiled server in production, on the embedded database", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    if (!WEB_BUILT) throw new Error(`The web app is not built (${DEFAULT_WEB_DIST}): run \`npm run build\` first.`);
    // No WEB_DIST: the bundle finds apps/web/dist itself, as it finds the migrations and the fonts.
    server = await startServerProcess({ NODE_ENV: "production", WEB_DIST: "", LOG_LEVEL: "error" }, { compiled: true });
  }, 60_000);
  afterAll(() => server?.stop());

  it("runs as plain node on dist/index.js: no tsx on its command line or in NODE_OPTIONS", () => {
    expect(existsSync(`${SERVER_BUNDLE}.map`)).toBe(true);
    expect(commandLine(server.pid)).toEqual([process.execPath, "--enable-source-maps", SERVER_BUNDLE]);
    expect(commandLine(server.pid).join(" ")).not.toMatch(/tsx/);
    expect(environment(server.pid).filter((variable) => variable.startsWith("NODE_OPTIONS=") && /tsx/.test(variable))).toEqual([]);
  });

  it("is ready: database migrated from apps/server/drizzle, the web app found and served", async () => {
    const ready = await api(server, "GET", "/api/ready");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { web: "built" } });
    const page = await api(server, "GET", "/");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<!doctype html>");
  });

  it("reads the files that ship with its packages and its own: the common-password list, the PDF fonts", async () => {
    const common = await api(server, "POST", "/api/auth/register", newUser({ password: "password123" }));
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ message: MSG.passwordCommon, field: "password" });

    const input = newUser();
    expect((await api(server, "POST", "/api/auth/register", input)).status).toBe(201);
    const login = await api(server, "POST", "/api/auth/login", { username: input.username, password: input.password });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const statement = await api(server, "GET", "/api/earnings/statements/2026-01", undefined, token);
    expect(statement.status).toBe(200);
    expect(statement.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await statement.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(loggedErrors(server)).toEqual([]);
  });
});

// A database error mid-request is logged with its stack's frames (http/logging.ts): a table taken
// away under the running server gives one, as an outage or a bad migration would.
describe.runIf(databaseUrl)("the compiled server's stack traces", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: ServerProcess;
  beforeAll(async () => {
    if (!WEB_BUILT) throw new Error(`The web app is not built (${DEFAULT_WEB_DIST}): run \`npm run build\` first.`);
    database = await createPostgresDatabase(databaseUrl!);
    server = await startServerProcess({ NODE_ENV: "production", DATABASE_URL: database.url, WEB_DIST: "", LOG_LEVEL: "error" }, { compiled: true });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("name the TypeScript files and lines (source maps), not the bundle", async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query("alter table users rename to users_away");
    } finally {
      await client.end();
    }
    const login = await api(server, "POST", "/api/auth/login", { username: "juan", password: "kape-pandesal" });
    expect(login.status).toBe(500);

    await expect.poll(() => loggedErrors(server).length, { timeout: 5_000 }).toBeGreaterThan(0);
    const stack = loggedErrors(server)[0]!.err!.stack;
    expect(stack).toMatch(/apps\/server\/src\/[\w/.-]+\.ts:\d+:\d+/);
    expect(stack).not.toContain("dist/index.js");
  });
});
