import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // One real PostgreSQL server for the state tests (test/state/global-setup.ts).
    globalSetup: ["./test/state/global-setup.ts"],
    reporters: ["default", "./test/summary-reporter.ts"],
  },
})
