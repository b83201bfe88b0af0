import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "@vam/shared";
import { hashPassword, verifyPassword } from "../src/auth/passwords.js";
import { openDatabase, type Db } from "../src/db/client.js";
import { auditLog, users } from "../src/db/schema.js";
import { createPostgresDatabase } from "./helpers/database.js";

const SERVER_DIR = path.resolve(import.meta.dirname, "..");
const CLI_TIMEOUT = 90_000;

let dataDir: string;
let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "vam-operator-cli-"));
  if (process.env.DATABASE_URL) postgres = await createPostgresDatabase(process.env.DATABASE_URL);
});

afterAll(async () => {
  await postgres?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI as its own process, on this file's database, with `input` piped to its standard input. */
function cli(args: string[], input = ""): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir };
  if (postgres) env.DATABASE_URL = postgres.url;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/operator.ts", ...args], {
    cwd: SERVER_DIR,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  // The CLI may exit before reading everything (a refused username): ignore the broken pipe.
  child.stdin.on("error", () => {});
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Opens the same database as the CLI, runs `work` and closes it again: an embedded (PGlite)
 * data folder can be open in one process at a time, so never while the CLI runs.
 */
async function inDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(postgres ? { url: postgres.url, poolSize: 2 } : { pgliteDir: path.join(dataDir, "db") });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const userNamed = (db: Db, username: string) =>
  db
    .select()
    .from(users)
    .where(eq(users.username, username))
    .then((rows) => rows[0]);

describe("npm run operator", () => {
  it(
    "prints its usage with --help",
    async () => {
      const run = await cli(["--help"]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("create <username>");
      expect(run.stdout).toContain("promote <username>");
    },
    CLI_TIMEOUT,
  );

  it(
    "creates an operator with the piped password, hashed with argon2",
    async () => {
      const run = await cli(["create", "ops_lead", "--email", "Ops.Lead@Example.ph"], "Secret1234\n");
      expect(run.stderr).not.toMatch(/error/i);
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe("Operator ops_lead created.");

      await inDatabase(async (db) => {
        const user = await userNamed(db, "ops_lead");
        expect(user).toMatchObject({
          role: "Operator",
          email: "ops.lead@example.ph",
          firstName: "ops_lead",
          lastName: "",
          suspendedAt: null,
          salaryRate: null,
          ratingAverage: null,
          reviewCount: 0,
        });
        expect(user!.referralCode).toMatch(/^[A-Z2-9]{8}$/);
        expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
        expect(await verifyPassword(user!.passwordHash, "Secret1234")).toBe(true);
        expect(await verifyPassword(user!.passwordHash, "Secret12345")).toBe(false);
      });
    },
    CLI_TIMEOUT,
  );

  it(
    "takes names and, without --email, the email from the second piped line",
    async () => {
      const run = await cli(["create", "ops_second", "--first-name", "Teresa", "--last-name", "Dizon"], "another-pw\r\nteresa.dizon@example.ph\n");
      expect(run.code).toBe(0);
      await inDatabase(async (db) => {
        const user = await userNamed(db, "ops_second");
        expect(user).toMatchObject({ role: "Operator", email: "teresa.dizon@example.ph", firstName: "Teresa", lastName: "Dizon" });
        expect(await verifyPassword(user!.passwordHash, "another-pw")).toBe(true);
      });
    },
    CLI_TIMEOUT,
  );

  it(
    "refuses a password outside the shared rules with their message, and creates nothing",
    async () => {
      const short = await cli(["create", "ops_short", "--email", "short@example.ph"], "abc123\n");
      expect(short.code).toBe(1);
      expect(short.stderr).toContain(MSG.passwordTooShort);
      const long = await cli(["create", "ops_long", "--email", "long@example.ph"], `${"a".repeat(129)}\n`);
      expect(long.code).toBe(1);
      expect(long.stderr).toContain(MSG.passwordTooLong);
      const none = await cli(["create", "ops_none", "--email", "none@example.ph"]);
      expect(none.code).toBe(1);
      expect(none.stderr).toContain(MSG.passwordRequired);
      await inDatabase(async (db) => {
        for (const username of ["ops_short", "ops_long", "ops_none"]) expect(await userNamed(db, username)).toBeUndefined();
      });
    },
    CLI_TIMEOUT,
  );

  it(
    "refuses a password from the list of the most common leaked ones, in any letter case, and creates nothing",
    async () => {
      const common = await cli(["create", "ops_common", "--email", "common@example.ph"], "QwertyUIOP\n");
      expect(common.code).toBe(1);
      expect(common.stderr).toContain(MSG.passwordCommon);
      await inDatabase(async (db) => expect(await userNamed(db, "ops_common")).toBeUndefined());
    },
    CLI_TIMEOUT,
  );

  it(
    "never takes the password from an argument",
    async () => {
      const run = await cli(["create", "ops_argv", "--email", "argv@example.ph", "--password", "Secret1234"], "Secret1234\n");
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("never taken from the command line");
      await inDatabase(async (db) => expect(await userNamed(db, "ops_argv")).toBeUndefined());
    },
    CLI_TIMEOUT,
  );

  it(
    "refuses a taken username (in any case), a taken email and an invalid one",
    async () => {
      const username = await cli(["create", "OPS_LEAD", "--email", "other@example.ph"], "Secret1234\n");
      expect(username.code).toBe(1);
      expect(username.stderr).toContain(MSG.usernameTaken);
      const email = await cli(["create", "ops_other", "--email", "ops.lead@example.ph"], "Secret1234\n");
      expect(email.code).toBe(1);
      expect(email.stderr).toContain(MSG.emailTaken);
      const invalid = await cli(["create", "ops_other", "--email", "not-an-email"], "Secret1234\n");
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toContain(MSG.emailInvalid);
      await inDatabase(async (db) => {
        expect(await userNamed(db, "OPS_LEAD")).toBeUndefined();
        expect(await userNamed(db, "ops_other")).toBeUndefined();
      });
    },
    CLI_TIMEOUT,
  );

  it(
    "promotes an existing account and records it in the audit log",
    async () => {
      const boss = await inDatabase(async (db) => {
        const [row] = await db
          .insert(users)
          .values({
            username: "ramon_boss",
            email: "ramon.boss@example.ph",
            passwordHash: await hashPassword("Secret1234"),
            firstName: "Ramon",
            lastName: "Cruz",
            role: "Boss",
            location: "Makati City",
            experience: "10+ years",
            availability: "Full-time",
            referralCode: "PROMOTE2",
          })
          .returning();
        return row!;
      });

      const run = await cli(["promote", "Ramon_Boss"]);
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe("ramon_boss is now an operator.");
      const again = await cli(["promote", "ramon_boss"]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain(MSG.alreadyOperator);
      const missing = await cli(["promote", "nobody_here"]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("No account has the username nobody_here");

      await inDatabase(async (db) => {
        expect((await userNamed(db, "ramon_boss"))!.role).toBe("Operator");
        const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, boss.id));
        expect(entries).toHaveLength(1);
        expect(entries[0]).toMatchObject({
          actorId: null,
          action: "user.promoted",
          entityType: "user",
          before: { role: "Boss" },
          after: { role: "Operator" },
        });
      });
    },
    CLI_TIMEOUT * 2,
  );

  it(
    "answers usage errors with exit code 1",
    async () => {
      for (const args of [[], ["create"], ["frobnicate", "someone"], ["create", "a", "b"]]) {
        const run = await cli(args);
        expect(run.code, args.join(" ")).toBe(1);
        expect(run.stderr).toContain("Usage: npm run operator");
      }
    },
    CLI_TIMEOUT * 2,
  );
});
