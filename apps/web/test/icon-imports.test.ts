import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("icons", () => {
  it("are imported one module per icon, never from lucide-react's index of every icon", () => {
    // The index re-exports some 1,700 icons: the development server loads all of them, and the
    // build keeps only the used ones only as long as every import stays side-effect free.
    const offenders = sourceFiles(SRC).flatMap((file) => {
      const source = readFileSync(file, "utf8");
      return [...source.matchAll(/import\s+(type\s+)?\{[^}]*\}\s+from\s+"lucide-react"/g)]
        .filter((match) => !match[1])
        .map(() => path.relative(SRC, file));
    });
    expect(offenders).toEqual([]);
  });
});
