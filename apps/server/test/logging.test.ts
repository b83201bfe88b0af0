import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { newUser, signUp, startTestServer, type TestServer } from "./helpers/server.js";

let server: TestServer;
const lines: string[] = [];
const logged = () => lines.join("");
type LogEntry = { msg?: string; err?: unknown; req?: { url?: string } };
const entries = () => lines.map((line) => JSON.parse(line) as LogEntry);

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: "info" }, {}, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => server?.close());

describe("logs", () => {
  it("never carry a failed registration's password, hash or email: only the error's code, constraint and route", async () => {
    // Any row refused by the database: the driver error repeats the row, the ORM's message its parameters.
    await server.database.db.execute(sql`alter table users add constraint refuse_everyone check (false) not valid`);
    try {
      const input = newUser({ email: "private.person@example.ph", username: "private_person", password: "Sup3rSecret!" });
      const response = await server.api("POST", "/api/auth/register", { body: input });
      expect([response.status, response.body.message]).toEqual([500, MSG.serverError]);

      const text = logged();
      for (const secret of ["$argon2", "private.person@example.ph", "private_person", "Sup3rSecret!", "Failing row", "params"]) {
        expect(text).not.toContain(secret);
      }
      const failure = entries().find((entry) => entry.msg === "request failed");
      expect(failure?.err).toMatchObject({ code: "23514", constraint: "refuse_everyone" });
      expect(failure?.req).toMatchObject({ method: "POST", route: "/api/auth/register" });
    } finally {
      await server.database.db.execute(sql`alter table users drop constraint refuse_everyone`);
    }
  });

  it("never carry search words (names, emails) from query strings, nor tokens", async () => {
    const account = await signUp(server);
    await server.api("GET", "/api/profiles/posts?userName=someone.else%40example.ph");
    await server.api("GET", "/api/users/verify", { token: account.token });
    const text = logged();
    expect(text).not.toContain("someone.else");
    expect(text).not.toContain(account.token);
    expect(entries().some((entry) => entry.req?.url === "/api/profiles/posts?…")).toBe(true);
  });
});
