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
          // A hung test fails within a minute, a hung set-up (some sign up dozens) within two; a slow
          // test under a loaded CI (two files beside each other on two cores) is not a failure.
          // Speed is measured by the benchmarks.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          // A journey takes 10 to 40 s on a quiet machine and has taken over 60 s while CI ran two
          // files at once: two minutes before a hang fails it.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One browser and one server per file, two files at a time (maxWorkers above). CI runs a
          // failed e2e file once more, alone, on a fresh server (scripts/e2e-again.mjs).
        },
      },
    ],
  },
});
