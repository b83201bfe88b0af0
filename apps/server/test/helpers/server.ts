import { eq } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RegisterInput, SelfUser } from "@vam/shared";
import { loadConfig, type Config } from "../../src/config.js";
import { users } from "../../src/db/schema.js";
import { startServer, type RunningServer } from "../../src/server.js";
import { openTestDatabase } from "./database.js";

export interface TestServer extends RunningServer {
  config: Config;
  /** JSON request to the API; `token` becomes a bearer header. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the answers they assert on, of any shape
  api<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
}

/**
 * `overrides` sets what the environment cannot (e.g. `webDist`, the built web app to serve);
 * `logStream` receives the server's JSON log lines (set LOG_LEVEL in `env` to see them).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  overrides: Partial<Config> = {},
  { logStream }: { logStream?: { write(line: string): void } } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "vam-test-"));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      // Tests run the sweep themselves (sweep(server.app)) at the time they choose.
      SWEEP_INTERVAL_SECONDS: "0",
      ...env,
    }),
    ...overrides,
  };
  const database = await openTestDatabase();
  const server = await startServer(config, database, { logStream });

  async function api<T>(method: string, url: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(server.url + url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as T, headers: response.headers };
  }

  return {
    ...server,
    config,
    api,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A valid registration with unique username and email; override any field. */
export function newUser(overrides: Partial<RegisterInput> = {}): RegisterInput {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: "Juan",
    lastName: "Dela Cruz",
    username: `juan_${tag}`,
    email: `juan.${tag}@example.ph`,
    password: "kape-pandesal",
    role: "Boss",
    location: "Quezon City",
    skills: ["Writing"],
    experience: "1-3 years",
    availability: "Full-time",
    ...overrides,
  };
}

/** Registers and logs in; answers the session token and the user as the server sees them. */
export async function signUp(server: TestServer, overrides: Partial<RegisterInput> = {}) {
  const input = newUser(overrides);
  const registered = await server.api("POST", "/api/auth/register", { body: input });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await server.api<{ token: string; userInfo: SelfUser }>("POST", "/api/auth/login", {
    body: { username: input.username, password: input.password },
  });
  return { token: login.body.token, user: login.body.userInfo, input };
}

/** An operator account: registered like anyone (registration never makes one), then promoted in the database. */
export async function signUpOperator(server: TestServer, overrides: Partial<RegisterInput> = {}) {
  const account = await signUp(server, { role: "Boss", ...overrides });
  await server.database.db.update(users).set({ role: "Operator" }).where(eq(users.id, account.user.id));
  return { ...account, user: { ...account.user, role: "Operator" as const } };
}
