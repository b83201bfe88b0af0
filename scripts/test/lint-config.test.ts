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

describe("npm run lint", () => {
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
});
