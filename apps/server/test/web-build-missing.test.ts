import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "./helpers/process.js";
import { startTestServer, type TestServer } from "./helpers/server.js";

const SERVER_DIR = path.resolve(import.meta.dirname, "..");

/** A folder with no build in it, as after a clone without `npm run build`. */
let emptyDist: string;
beforeAll(async () => {
  emptyDist = await mkdtemp(path.join(tmpdir(), "vam-no-web-"));
});
afterAll(() => rm(emptyDist, { recursive: true, force: true }));

describe("a server started without the built web app", () => {
  it("refuses to start where NODE_ENV=production, naming the folder and the command", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "vam-proc-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "src/index.ts"], {
        cwd: SERVER_DIR,
        env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, WEB_DIST: emptyDist, LOG_LEVEL: "warn" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
      // It exits by itself; one that started instead (the defect) is stopped once it says so.
      const code = await new Promise<number | null>((resolve) => {
        child.once("exit", resolve);
        child.stdout.on("data", () => {
          if (stdout.includes("running at")) child.kill("SIGKILL");
        });
      });

      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `The web app is not built: ${path.join(emptyDist, "index.html")} is missing. Run \`npm run build\` before starting with NODE_ENV=production (or set WEB_DIST to a built copy).`,
      );
      // It stopped before listening (and before opening the database).
      expect(stdout).not.toContain("running at");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  describe("in development", () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startServerProcess({ NODE_ENV: "development", WEB_DIST: emptyDist, SEED_DEMO: "false" });
    });
    afterAll(() => server?.stop());

    it("answers every page 503 with what to run, instead of 404", async () => {
      for (const page of ["/", "/home", "/profile/123?tab=reviews"]) {
        const response = await fetch(server.url + page);
        expect(response.status).toBe(503);
        expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
        const html = await response.text();
        expect(html).toContain("<h1>The web app is not built</h1>");
        expect(html).toContain(emptyDist);
        expect(html).toContain("npm run build");
        expect(html).toContain("npm run dev:web");
      }
      // What is not a page keeps its own answers.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/nothing-here`)).status).toBe(404);
      expect((await fetch(`${server.url}/assets/app.js`)).status).toBe(404);
    });

    it("stays ready (the API works) and says the web app is missing", async () => {
      const response = await fetch(`${server.url}/api/ready`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { status: string; checks: { web: string } };
      expect(body.status).toBe("ready");
      expect(body.checks.web).toBe("missing");
    });
  });

  describe("served in process", () => {
    const lines: string[] = [];
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ LOG_LEVEL: "warn" }, { webDist: emptyDist }, { logStream: { write: (line) => void lines.push(line) } });
    });
    afterAll(() => server?.close());

    it("says so once in the log at start, not at every page", async () => {
      for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/bookings`)).status).toBe(503);
      const said = lines.filter((line) => line.includes("The web app is not built"));
      expect(said).toHaveLength(1);
      expect(JSON.parse(said[0]!)).toMatchObject({ level: 40, dist: emptyDist });
      expect(said[0]).toContain("npm run build");
      expect(said[0]).toContain("npm run dev:web");
    });
  });
});

describe("a server started with the built web app", () => {
  let dist: string;
  let server: TestServer;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), "vam-web-"));
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>VA Marketplace</title>");
    server = await startTestServer({}, { webDist: dist });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("serves its pages and readiness says it is built", async () => {
    const response = await fetch(`${server.url}/api/ready`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { checks: { web: string } }).checks.web).toBe("built");
    expect((await fetch(`${server.url}/home`)).status).toBe(200);
  });
});
