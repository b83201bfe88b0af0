import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two files at a time: vitest's default is one fewer than the cores, so one on these 2-core
    // machines, where the suite waits on browsers, servers and the database more than on the CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          // One browser and one server per file, two files at a time (maxWorkers above).
        },
      },
    ],
  },
});
