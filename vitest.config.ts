import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["packages/*/test/**/*.test.ts", "apps/web/test/**/*.test.ts", "scripts/test/**/*.test.ts"] } },
      {
        // Components with behaviour, rendered by Testing Library in a simulated DOM.
        test: { name: "component", include: ["apps/web/test/**/*.test.tsx"], environment: "happy-dom" },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/test/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one server per file; files run one after another to stay within 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
