/**
 * `npm run operator -- create <username>`: creates an operator account from the command line;
 * `npm run operator -- promote <username>`: makes an existing account an operator (the first
 * operator of an existing install). Reads the same configuration as the server (`.env`,
 * DATA_DIR or DATABASE_URL) and brings the schema up to date like it.
 *
 * The password is never an argument (it would stay in the shell's history and the process
 * list): asked on the terminal without echo, or, when standard input is not a terminal, read
 * from its first line so that scripts can pipe it.
 */
import "dotenv/config";
import { createInterface } from "node:readline";
import { createInterface as createPrompt } from "node:readline/promises";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { AVAILABILITY_OPTIONS, EXPERIENCE_OPTIONS, MSG, OPERATOR_ROLE, registerSchema } from "@vam/shared";
import { isCommonPassword } from "../auth/common-passwords.js";
import { hashPassword } from "../auth/passwords.js";
import { ConfigError, loadConfig, type Config } from "../config.js";
import type { Db } from "../db/client.js";
import { auditLog, users } from "../db/schema.js";
import { violation } from "../http/errors.js";
import { USERNAME_TAKEN, EMAIL_TAKEN } from "../users/identity.js";
import { safeError } from "../http/logging.js";
import { newReferralCode } from "../referrals/codes.js";
import { openDatabaseFor } from "../server.js";
import { findTakenIdentity } from "../users/queries.js";

const USAGE = `Usage: npm run operator -- <command> <username> [options]

Commands:
  create <username>    Create an operator account. Asks for the email (unless --email is
                       given) and the password. When standard input is not a terminal, its
                       first line is the password and, without --email, its second line the
                       email.
  promote <username>   Make an existing account an operator.

Options:
  --email <address>    Email of the new operator (create).
  --first-name <name>  First name of the new operator (create; default: the username).
  --last-name <name>   Last name of the new operator (create; default: none).
  -h, --help           Show this help.

The database is the server's: DATABASE_URL, or the embedded one in DATA_DIR (default ./data),
read from the environment and .env. With the embedded database, stop the server first: only
one process may open it at a time.`;

/** A refusal to show as is: exit code 1, no stack trace. */
class CliError extends Error {}

const fields = registerSchema.shape;

function valid<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new CliError(parsed.error.issues[0]?.message ?? "Invalid value");
  return parsed.data;
}

/** A new password: the shared length rule, then the list of common breached passwords (as the server's routes). */
function newPassword(value: string): string {
  const password = valid(fields.password, value);
  if (isCommonPassword(password)) throw new CliError(MSG.passwordCommon);
  return password;
}

/** Lines of a piped standard input, read one at a time as they are needed. */
function pipedLines() {
  const reader = createInterface({ input: process.stdin, crlfDelay: Infinity });
  const lines = reader[Symbol.asyncIterator]();
  return {
    async next(): Promise<string | undefined> {
      const line = await lines.next();
      return line.done ? undefined : line.value;
    },
    close: () => reader.close(),
  };
}

/** Asks on the terminal with echo. */
async function ask(question: string): Promise<string> {
  const prompt = createPrompt({ input: process.stdin, output: process.stderr });
  try {
    return await prompt.question(question);
  } finally {
    prompt.close();
  }
}

/** Asks on the terminal without echo: nothing typed is shown. */
function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const done = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n" || char === "\u0004") {
          done();
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          done();
          reject(new CliError("Cancelled."));
          return;
        }
        if (char === "\u007f" || char === "\b") value = [...value].slice(0, -1).join("");
        else if (char >= " ") value += char;
      }
    };
    stdin.on("data", onData);
  });
}

interface CreateOptions {
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** The email and password for `create`, from the terminal or a pipe, validated. */
async function createInput(options: CreateOptions): Promise<{ email: string; password: string }> {
  let email = options.email === undefined ? undefined : valid(fields.email, options.email);
  let password: string;
  if (process.stdin.isTTY) {
    email ??= valid(fields.email, await ask("Email: "));
    password = newPassword(await askHidden("Password: "));
    if ((await askHidden("Repeat the password: ")) !== password) throw new CliError("The passwords do not match.");
  } else {
    const lines = pipedLines();
    try {
      const first = await lines.next();
      if (first === undefined) throw new CliError(`${MSG.passwordRequired}: pipe it as the first line of standard input.`);
      password = newPassword(first);
      if (email === undefined) {
        const second = await lines.next();
        if (second === undefined) throw new CliError(`${MSG.emailRequired}: give --email or pipe it as the second line.`);
        email = valid(fields.email, second);
      }
    } finally {
      lines.close();
    }
  }
  return { email, password };
}

async function withDatabase<T>(config: Config, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabaseFor(config);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function create(config: Config, rawUsername: string, options: CreateOptions) {
  const username = valid(fields.username, rawUsername);
  const firstName = options.firstName === undefined ? username : valid(fields.firstName, options.firstName);
  const lastName = options.lastName === undefined ? "" : valid(fields.lastName, options.lastName);
  const { email, password } = await createInput(options);
  const passwordHash = await hashPassword(password);

  await withDatabase(config, async (db) => {
    const taken = await findTakenIdentity(db, username, email);
    if (taken.username) throw new CliError(`${MSG.usernameTaken}: ${username}`);
    if (taken.email) throw new CliError(`${MSG.emailTaken}: ${email}`);
    for (let attempt = 1; ; attempt++) {
      try {
        await db.insert(users).values({
          username,
          email,
          passwordHash,
          firstName,
          lastName,
          role: OPERATOR_ROLE,
          location: "",
          skills: [],
          experience: EXPERIENCE_OPTIONS[0],
          availability: AVAILABILITY_OPTIONS[0],
          referralCode: newReferralCode(),
          // Typed in by whoever runs the platform: no link to wait for.
          emailVerifiedAt: new Date(),
        });
        return;
      } catch (error) {
        // Someone registered the same name meanwhile, or (rarely) the random referral code exists.
        const found = violation(error);
        const unique = found?.kind === "unique" ? found.constraint : undefined;
        if (unique === USERNAME_TAKEN.constraint) throw new CliError(`${MSG.usernameTaken}: ${username}`);
        if (unique === EMAIL_TAKEN.constraint) throw new CliError(`${MSG.emailTaken}: ${email}`);
        if (unique === "users_referral_code_idx" && attempt < 5) continue;
        throw error;
      }
    }
  });
  console.log(`Operator ${username} created.`);
}

async function promote(config: Config, rawUsername: string) {
  const username = valid(fields.username, rawUsername);
  const message = await withDatabase(config, (db) =>
    db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
        .for("update");
      if (!user) throw new CliError(`No account has the username ${username}.`);
      if (user.role === OPERATOR_ROLE) return `${MSG.alreadyOperator}: ${user.username}.`;
      const now = new Date();
      await tx.update(users).set({ role: OPERATOR_ROLE, updatedAt: now }).where(eq(users.id, user.id));
      // In the console's audit log like a promotion by an operator; no actor: the command line.
      await tx.insert(auditLog).values({
        actorId: null,
        action: "user.promoted",
        entityType: "user",
        entityId: user.id,
        before: { role: user.role },
        after: { role: OPERATOR_ROLE },
        createdAt: now,
      });
      const suspended = user.suspendedAt ? " The account is suspended: restore it in the console before signing in." : "";
      return `${user.username} is now an operator.${suspended}`;
    }),
  );
  console.log(message);
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: "string" },
        "first-name": { type: "string" },
        "last-name": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    const passwordGiven = argv.some((arg) => /^--?p(assword)?(=|$)/.test(arg));
    console.error(passwordGiven ? "The password is never taken from the command line: the command asks for it." : (error as Error).message);
    console.error(`\n${USAGE}`);
    return 1;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [command, username, ...extra] = positionals;
  if ((command !== "create" && command !== "promote") || username === undefined || extra.length > 0) {
    if (command !== undefined && command !== "create" && command !== "promote") console.error(`Unknown command: ${command}\n`);
    console.error(USAGE);
    return 1;
  }

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  try {
    if (command === "create") {
      await create(config, username, { email: values.email, firstName: values["first-name"], lastName: values["last-name"] });
    } else {
      if (values.email !== undefined || values["first-name"] !== undefined || values["last-name"] !== undefined) {
        throw new CliError("promote takes only a username.");
      }
      await promote(config, username);
    }
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(error.message);
      return 1;
    }
    // A database error's message holds the query's parameters (the new password's hash, the email).
    const failure = safeError(error);
    console.error(`The command failed: ${failure.message}\n${failure.stack}`);
    return 1;
  }
}

// Exits at once: nothing is left to wait for, and a paused standard input must not hold the process.
process.exit(await main(process.argv.slice(2)));
