import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// The fixtures are code the lint must refuse; `eslint .` ignores their folder, so ignores are off here.
const eslint = new ESLint({ cwd: root, ignore: false });

async function ruleIds(...files: string[]) {
  const results = await eslint.lintFiles(files.map((file) => path.join(root, "scripts/lint-fixtures", file)));
  return results.flatMap((result) => result.messages.map((message) => message.ruleId));
}

// The first lint of a file loads its TypeScript project: seconds, more on a busy machine.
describe("npm run lint", { timeout: 60_000 }, () => {
  it("refuses a promise that nobody awaits or handles (type-aware rules are on)", async () => {
    expect(await ruleIds("floating-promise.ts")).toContain("@typescript-eslint/no-floating-promises");
  });

  it("refuses an import cycle between TypeScript modules", async () => {
    expect(await ruleIds("cycle-a.ts", "cycle-b.ts")).toEqual(["import-x/no-cycle", "import-x/no-cycle"]);
  });

  it("checks the web app's hooks: rules of hooks and exhaustive dependencies are errors", async () => {
    const config = (await eslint.calculateConfigForFile(path.join(root, "apps/web/src/main.tsx"))) as {
      rules: Record<string, unknown[]>;
    };
    expect(config.rules["react-hooks/rules-of-hooks"]?.[0]).toBe(2);
    expect(config.rules["react-hooks/exhaustive-deps"]?.[0]).toBe(2);
  });

  describe("keeps SQL out of the server's route files", () => {
    /** The rules a piece of code breaks, linted in place of the server file `file`. */
    async function ruleIdsAt(file: string, code: string) {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, "apps/server/src", file) });
      return result?.messages.map((message) => message.ruleId) ?? [];
    }
    const query = [
      'import { eq } from "drizzle-orm";',
      'import type { Db } from "../db/client.js";',
      'import { users } from "../db/schema.js";',
      "export const byId = (db: Db, id: string) => db.select().from(users).where(eq(users.id, id));",
      "",
    ].join("\n");

    it("refuses a route file that queries a table itself", async () => {
      for (const file of ["reviews/routes.ts", "bookings/series-routes.ts"]) {
        expect(await ruleIdsAt(file, query), file).toEqual(["no-restricted-imports", "no-restricted-imports"]);
      }
    });

    it("takes the same query in the feature's repository module", async () => {
      expect(await ruleIdsAt("reviews/queries.ts", query)).toEqual([]);
    });
  });

  describe("keeps the server's feature boundaries", () => {
    /** The rules the code of a fixture breaks, linted in place of the server file `file`. */
    async function ruleIdsAt(file: string, code: string) {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, "apps/server/src", file) });
      return result?.messages.map((message) => message.ruleId) ?? [];
    }

    it("refuses a feature reaching into another feature's files, and takes its public module", async () => {
      const code = await readFile(path.join(root, "scripts/lint-fixtures/server-feature-internal.ts"), "utf8");
      expect(await ruleIdsAt("referrals/routes.ts", code)).toEqual(["import-x/no-restricted-paths"]);
      expect(await ruleIdsAt("referrals/routes.ts", code.replace("bookings/queries.js", "bookings/public.js"))).toEqual([]);
    });

    it("refuses ground code importing a feature, even its public module", async () => {
      const grounds = {
        "config.ts": "./payments",
        "db/client.ts": "../payments",
        "http/errors.ts": "../payments",
        "session/authenticate.ts": "../payments",
      };
      for (const [file, payments] of Object.entries(grounds)) {
        expect(await ruleIdsAt(file, `export { platformQr } from "${payments}/public.js";\n`), file).toEqual(["import-x/no-restricted-paths"]);
      }
      expect(await ruleIdsAt("config.ts", 'export { decodeQrPh } from "./qrph.js";\n')).toEqual([]);
    });

    it("takes ground code (the session) from any feature, and lets the app take a feature's files", async () => {
      expect(await ruleIdsAt("referrals/routes.ts", 'export { currentUser } from "../session/authenticate.js";\n')).toEqual([]);
      expect(await ruleIdsAt("app.ts", 'export { partyBooking } from "./bookings/queries.js";\n')).toEqual([]);
    });
  });

  describe("keeps the web's feature boundaries", () => {
    /** The rules a piece of code breaks, linted in place of the web file `file` (one the TypeScript project knows). */
    async function ruleIdsAt(file: string, code: string) {
      const [result] = await eslint.lintText(code, { filePath: path.join(root, "apps/web/src", file) });
      return result?.messages.map((message) => message.ruleId) ?? [];
    }

    it("refuses reaching into another feature's files, and takes its public module", async () => {
      expect(await ruleIdsAt("features/profiles/useProfilePages.ts", 'export { BookingCalendar } from "../bookings/BookingCalendar";\n')).toContain(
        "import-x/no-restricted-paths",
      );
      expect(await ruleIdsAt("features/profiles/useProfilePages.ts", 'export { BookingCalendar } from "../bookings/public";\n')).toEqual([]);
    });

    it("refuses the layouts and the router reaching into a feature's files, and takes its public module and routes", async () => {
      expect(await ruleIdsAt("layouts/TopNav.tsx", 'export { useAuth } from "../features/auth/auth-context";\n')).toContain(
        "import-x/no-restricted-paths",
      );
      expect(await ruleIdsAt("layouts/TopNav.tsx", 'export { useAuth } from "../features/auth/public";\n')).toEqual([]);
      expect(await ruleIdsAt("router.tsx", 'export const page = () => import("./features/home/HomePage");\n')).toContain(
        "import-x/no-restricted-paths",
      );
      expect(await ruleIdsAt("router.tsx", 'export { homeRoutes } from "./features/home/routes";\n')).toEqual([]);
    });

    it("refuses shared code that depends on a feature", async () => {
      expect(await ruleIdsAt("components/IconText.tsx", 'export { useAuth } from "../features/auth/public";\n')).toContain(
        "import-x/no-restricted-paths",
      );
    });

    it("refuses a request from outside a feature's API module", async () => {
      expect(await ruleIdsAt("features/chat/chat-loader.ts", 'export { api } from "../../api/client";\n')).toContain("no-restricted-imports");
      expect(await ruleIdsAt("features/chat/chat-api.ts", 'export { api } from "../../api/client";\n')).toEqual([]);
    });
  });
});
