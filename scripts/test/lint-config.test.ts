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
